"""What each machine keeps for itself, whatever its role: the bots and persistence the caller
passes in (``services``), the net log and desync dumps (``netlog``) and the garbage
collector's pause while a table is in play (``collector``)."""
