"""knife_fight: its rulings, golden playthrough, redealer, bridge flow, bots and end-to-end tests."""
