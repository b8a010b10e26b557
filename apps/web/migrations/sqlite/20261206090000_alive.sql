-- When a server last said it was up (Unix ms; 0: never). A server starting after a longer
-- pause moves the running clocks on by it: no player is charged the time no server ran.
INSERT INTO halma_counts (name, value) VALUES ('alive', 0) ON CONFLICT (name) DO NOTHING;
