"""The vocabulary every layer speaks: message kinds and reason codes (``messages``), their
schemas (``schema``), compact move frames (``moveframe``, ``movecodec``), refusal arguments
(``reasons``), the lobby's seat rows (``lobby``), table ids and seat-token digests
(``tables``) and fresh tokens (``seed``). Pure: no sockets, no clock."""
