"""What every game board shares: ``base.BoardView``. The boards themselves live with their
game in ``game/client/games/<game>/board.py`` and are found through the game's kit
(``game.client.games.kit(name).board``)."""
