"""What a person sees of a game outside a text log: decisions and actions in words (words.py,
shared with the terminal game), the board at every decision of a recorded game as one
self-contained HTML page (replay.py, page.py: `ecs-vanguard show ... --html FILE`), and a game
played in the browser (server.py: `ecs-vanguard play --web`)."""
