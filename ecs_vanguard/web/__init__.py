"""What a person sees of a game outside a text log: decisions and actions in words (words.py,
shared with the terminal game), the board at every decision of a game as one self-contained
HTML page (replay.py, page.py: `ecs-vanguard show ... --html FILE`), and a game played in the
browser (server.py: `ecs-vanguard play --web`).

    from ecs_vanguard.web.replay import save_html
    save_html(game, "game.html")        # any game played in Python, from where it started
"""

