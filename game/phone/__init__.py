"""Phone seats (issue 27): a guest plays a seat from a phone's browser, nothing to install.

The machine whose screen shows the table serves its phone seats: the rules, the legal moves,
the bots and the coach stay here in Python; a phone gets only its own seat's view (built from
the rules' ``view(state, seat)``), the legal moves its page offers and the words to show, and
sends back moves in our notation. No pygame in this package.

* ``protocol``  the JSON-over-WebSocket messages and their bounds (``PhoneLimits``)
* ``links``     tokens (128 bits), short codes, URLs, the LAN address, QR codes (segno)
* ``book``      the seats' links and what each phone is to be shown (server thread only)
* ``server``    aiohttp on its own thread and loop: the page, the short URLs, the WebSocket
* ``seats``     ``PhoneSeats``: the thread-safe interface the serving machine uses
* ``table``     ``PhoneTable``: runs phone seats of a table (moves in, views out, hints,
                waits, results); ``serve(...)`` sets one up
* ``sources``   the tables a ``PhoneTable`` serves: a local ``Match``, a hosted LAN table
* ``games/``    what each game sends its page (one kit per game, registered by name)
* ``words``     the page's words in the table's language, from the catalogs
* ``palette``   the client's player colours as CSS
* ``robot``     a scripted phone (tests and ``run.py bench --only phone``)

The page itself is ``assets/phone/`` (index.html, phone.css, phone.js and one script per
game: no framework, SVG drawing, nothing fetched from outside the LAN).
"""
