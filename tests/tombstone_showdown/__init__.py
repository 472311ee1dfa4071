"""tombstone_showdown: its rulings (SD-1..SD-12 with TOMB-n and TS-n), golden playthrough, redealer, the Dealer's
sense, bridge flow, properties, bots and end-to-end tests."""
