"""Screen-to-screen navigation in one place.

Screens lead to each other in both directions (the title opens the table setup, which opens
play, whose pause menu goes back to the title), so they must not import each other: that is
an import cycle. A screen asks this module for where it goes, by name (``get("TitleScreen")``),
and never imports another screen module to open it. A screen module may still import another
one it is built on (a base class: ``LanSetupScreen(SetupScreen)``) or a helper module.

The targets are loaded when they are first used, not when the client starts: the title screen
comes up without loading the LAN screens (and the network layer) or the replay viewer.
"""

from __future__ import annotations

import importlib

SCREENS = "game.client.screens"

#: name -> the module that defines it (a screen class, or a function that opens a screen)
ROUTES = {
    "TitleScreen": f"{SCREENS}.title",
    "GameChoiceScreen": f"{SCREENS}.game_choice",
    "SetupScreen": f"{SCREENS}.setup",
    "PlayScreen": f"{SCREENS}.play",
    "PauseScreen": f"{SCREENS}.pause",
    "SettingsScreen": f"{SCREENS}.settings",
    "RulesHelpScreen": f"{SCREENS}.rules_help",
    "SavesMenuScreen": f"{SCREENS}.saves_menu",
    "SaveAsScreen": f"{SCREENS}.saves_menu",
    "ResultsScreen": f"{SCREENS}.results",
    "offer_resume": f"{SCREENS}.resume",
    "open_replay": f"{SCREENS}.replay_viewer",
    "CoachMenuScreen": "game.client.screens.coach_menu",    # Daily & puzzles
    "PhonePlayScreen": "game.client.phone_play",        # a table with phone seats
    "play_screen_for": "game.client.phone_play",
    "PhoneLinksScreen": f"{SCREENS}.phone_links",
    # LAN
    "LanGameChoiceScreen": f"{SCREENS}.lobby",
    "LanSetupScreen": f"{SCREENS}.lobby",
    "HostLobbyScreen": f"{SCREENS}.lobby",
    "FindTablesScreen": f"{SCREENS}.find_tables",
    "JoinedLobbyScreen": f"{SCREENS}.net_lobby",
    "SeatDroppedScreen": f"{SCREENS}.net_notice",
    "ConnectionLostScreen": f"{SCREENS}.net_notice",
    "is_lan_save": f"{SCREENS}.lan_resume",
    "open_resumed_table": f"{SCREENS}.lan_resume",
    "RejoinOffer": f"{SCREENS}.lan_rejoin",
}


def get(name: str):
    """The screen class (or screen-opening function) registered as ``name``."""
    return getattr(importlib.import_module(ROUTES[name]), name)
