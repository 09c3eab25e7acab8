"""LAN play by deterministic lockstep: wire format, host sequencer, peer, discovery. No pygame."""
