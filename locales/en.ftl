# Movetext's own words: English (the words every other file translates).
# Fluent syntax: `key = text`, with { $name } where a value goes.

nav-bar = Navigation
nav-first = First move
nav-prev = Previous move
nav-next = Next move
nav-last = Last move
nav-flip = Flip board
autoplay-play = Play moves automatically
autoplay-pause = Pause autoplay
autoplay-delay = Autoplay: time per move
autoplay-real = At the time each move took
pace-real = Real pace
pace-times = Real ×{ $times }
board-label = Chess board, position after { $move }; { $turn }.
board-label-start = Chess board, position after the start; { $turn }.
turn-white = White to move
turn-black = Black to move
start-position = Start position
side-white = White
side-black = Black
player-to-move = { $side }, to move
menu-button = Game menu
menu-copy-pgn = Copy PGN
menu-copy-fen = Copy FEN
menu-download = Download game
menu-open-app = Open in Movetext
done-pgn-copied = PGN copied
done-fen-copied = FEN copied
done-downloaded = Game downloaded
done-flipped = Board flipped
widget-game = Chess game: { $white } – { $black }
picker = Game
live = Live
live-title = This game is followed as it is played
widget-no-game = No game { $game }: the file has { $count }.
widget-bad-game = “{ $game }” is not a game number: the first game is shown.
widget-bad-fen = This fen cannot be set up: the start position is shown.

problem-at = line { $line }, column { $column }: { $message }

# Plural forms, by the language's categories (CLDR).
problems-one = { $count } problem found while reading this game
problems-other = { $count } problems found while reading this game

# The board in words, for screen readers: each side's pieces and their squares.
board-side = { $side }: { $pieces }.
board-side-empty = { $side }: no pieces.
board-groups = { $before }; { $next }
board-and = { $rest } and { $last }
board-king-one = king { $squares }
board-king-other = kings { $squares }
board-queen-one = queen { $squares }
board-queen-other = queens { $squares }
board-rook-one = rook { $squares }
board-rook-other = rooks { $squares }
board-bishop-one = bishop { $squares }
board-bishop-other = bishops { $squares }
board-knight-one = knight { $squares }
board-knight-other = knights { $squares }
board-pawn-one = pawn { $squares }
board-pawn-other = pawns { $squares }

# The board when moves are made on it with the keyboard (for screen readers).
board-role = chess board
board-keys-help = Arrow keys choose a square, Enter picks up and puts down a piece.
board-square = { $square }, { $piece }
board-square-empty = { $square }, empty
board-picked-up = { $square } picked up
board-picked-up-from = { $here }; { $from } picked up
board-promote = Promote to
board-promote-keys = Promote to: Q, R, B or N
board-piece-white-king = white king
board-piece-white-queen = white queen
board-piece-white-rook = white rook
board-piece-white-bishop = white bishop
board-piece-white-knight = white knight
board-piece-white-pawn = white pawn
board-piece-black-king = black king
board-piece-black-queen = black queen
board-piece-black-rook = black rook
board-piece-black-bishop = black bishop
board-piece-black-knight = black knight
board-piece-black-pawn = black pawn

# Variants
widget-variant = A variant game: open it in Movetext.
