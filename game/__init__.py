"""Tracklayer: rules, matches, bots and the pygame client for three route-building games."""
