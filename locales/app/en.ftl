# The app's own words: English (the words every other file in this folder
# translates). Fluent syntax: `key = text`, with { $name } where a value goes.

## The page
language = Language
board-region = Board
game-region = Game
moves-so-far = Moves so far
drop-files = Drop PGN files to open them
games-reaching-move = games reaching the position after { $move }
games-reaching-start = games reaching the start position
games-reaching-fen = games reaching { $fen }
duplicates-moves = games in { $groups } groups with the same moves
duplicates-tags-moves = games in { $groups } groups with the same tags and moves
not-a-position = Not a position: { $reason }
layout = Move list layout
layout-table = Table
layout-book = Book
indexing = Reading the file
indexing-progress = Reading { $file }: { $percent }% · { $games } games
edit-bar = Editing
undo = Undo
undo-title = Undo (Ctrl+Z)
redo = Redo
redo-title = Redo (Ctrl+Y)
comment = Comment
comment-title = Comment after the shown move (C)
tags = Tags
tags-title = Edit the game's tags
new-game = New game
new-game-title = A new game, from the start or a set-up position
image = Image
image-title = The shown position as an SVG or PNG image
export = Export
export-title = Copy or download PGN, copy FEN

## The top bar
file-game-of = { $file } · game { $game } of { $games }
open = Open
open-title = Open PGN files (or drop them anywhere on the page)
open-files = PGN files to open
paste = Paste
paste-title = Paste PGN text (or press Ctrl+V anywhere)
notation = Move notation
notation-fan = Figurines
notation-lan = Long algebraic
dark-theme = Dark theme
dark-theme-title = Switch between light and dark theme

## Comments and the move menu
comment-game = Comment on the game (before the first move)
comment-after = Comment after { $move }
comment-before = Comment before { $move }
comment-text = Comment text
comment-brace = A PGN comment cannot hold }: braces are saved as parentheses.
comment-kept = Kept with the comment:
save = Save
save-title = Save (Ctrl+Enter)
cancel = Cancel
close = Close
menu-start = Start of the game
menu-edit = Edit { $move }
menu-comment-after = Comment after…
menu-comment-before = Comment before…
menu-promote = Promote variation
menu-main-line = Make main line
menu-delete = Delete from here
menu-nags = Annotation glyphs

## Export
export-options = Export options
export-comments = Comments
export-commands = Commands ([%clk], [%eval]…)
export-variations = Variations
export-nags = NAGs
export-reduced = Reduced export format
export-opening-tags = Fill ECO and Opening tags
export-cut = This game's PGN is { $size }; the first { $shown } are shown here. Copy PGN and Download game give all of it.
export-file = Download file:
export-every-game = every game
export-without-repeated-games = without repeated games (same tags and moves): { $n } left out
export-without-repeated-moves = without games repeating another's moves: { $n } left out
export-text = PGN of the game
export-download-file = Download file
print = Print…
print-title = The game laid out for print, with diagrams
size-bytes = { $n } bytes
size-kb = { $n } KB
size-mb = { $n } MB

## Images and the animated GIF
caption-start = start
image-dialog = Image of the position
image-options = Image options
image-format = Format
image-gif = Animated GIF (main line)
image-width = Width
image-coordinates = Coordinates
image-caption = Caption
image-preview = Preview: { $caption }
image-download = Download image
image-copy = Copy image
image-svg-copied = SVG copied
image-png-copied = PNG copied
image-png-failed = The PNG could not be made.
image-png-refused = The browser did not let the PNG be copied.
gif = Animated GIF
gif-options = Animation options
gif-pace = Pace
gif-pace-half = 0.5 s a move
gif-pace-1 = 1 s a move
gif-pace-2 = 2 s a move
gif-pace-real-5 = Real pace × 5
gif-pace-real-20 = Real pace × 20
gif-from = From
gif-to = to
gif-frame = Frame { $done } of { $of }
gif-download = Download GIF ({ $positions } positions)
gif-made = GIF of { $positions } positions: { $kb } KB in { $seconds } s
gif-alt = The animated GIF made: { $positions } positions
gif-cancelled = Cancelled
gif-failed = The GIF could not be made: { $reason }.

## Print
print-dialog = Print the game
print-diagrams = Diagrams
print-marked = Diagrams: after moves marked $201, $220 or $221,
print-at-shown = after the shown move,
print-more = More diagrams
print-none = no other diagrams
print-every-10 = every 10 moves
print-every-20 = every 20 moves
print-every-30 = every 30 moves
print-view = The game as it will print
print-now = Print
print-start = The start position
print-after = After { $move }
print-diagram = Diagram: { $position }

## Tags
tags-dialog = Game tags
tag-name = Tag name
tag-name-placeholder = Name
tag-value = Tag value
tag-remove = Remove { $tag }
tag-twice = The tag { $tag } is there twice.
tag-add = Add a tag
tag-no-breaks = { $tag } cannot hold line breaks or tabs.
tag-date = { $tag } is written YYYY.MM.DD, with ?? for parts not known (for example 1992.11.??).
tag-round = Round is a number such as 3 or 3.1, ? when not known, or - when it does not apply.
tag-result = Result is 1-0, 0-1, 1/2-1/2, or * for a game not finished or not known.
tag-elo = { $tag } is a rating in digits (or - when there is none).
tag-needs-name = A tag needs a name.
tag-name-letters = “{ $tag }”: tag names are letters, digits and _ only.
tag-position = { $tag } follows the start position: use “Set up position” to change it.

## A new game
setup-board = Position being set up: click a square to place the chosen piece
setup-pieces = Pieces to place
setup-eraser = Eraser: empty a square
setup-empty = Empty board
setup-ep = En passant square
setup-ep-example = e.g. e3
setup-find = Find games
setup-find-title = Show the games of the open file that reach this position
setup-create = Create game
setup-turn = Side to move
setup-castling = Castling
setup-white-short = White O-O
setup-white-long = White O-O-O
setup-black-short = Black O-O
setup-black-long = Black O-O-O
setup-960-game = Chess960 game
setup-960-number = Start position number (0–959)
setup-960-use = Use this number
setup-960-random = Random
setup-960-position = Chess960 position { $n }
piece-white-king = White king
piece-white-queen = White queen
piece-white-rook = White rook
piece-white-bishop = White bishop
piece-white-knight = White knight
piece-white-pawn = White pawn
piece-black-king = Black king
piece-black-queen = Black queen
piece-black-rook = Black rook
piece-black-bishop = Black bishop
piece-black-knight = Black knight
piece-black-pawn = Black pawn

## The game list
game-list = Games in the file
games-table = Games
game-rows = Game rows: up and down arrows open the previous or next game
filter = Filter games
filter-placeholder = Filter: player, event, date…
filtering = Filtering…
sorting = Sorting…
sort = Sort games by
sort-by = Sort by { $column }
sort-file = File order
sort-standard = Standard order (date, event, round)
sort-white-elo = White Elo
sort-black-elo = Black Elo
column-result = Result
column-result-short = Res.
column-event = Event
column-date = Date
column-moves = Moves
column-moves-short = Mv.
column-problems = Problems
games-shown = { $shown } of { $total } games
show-all = Show all
show-all-title = Show every game of the file
edited = Edited
games-one = { $count } game
games-other = { $count } games
game-problems-one = { $count } problem found while reading
game-problems-other = { $count } problems found while reading

## Guess the move
training = Guess the move
training-of = Guess the moves of
training-white = Guess White's moves
training-white-title = Play White's moves of the game from here; the moves to come are hidden
training-black = Guess Black's moves
training-black-title = Play Black's moves of the game from here; the moves to come are hidden
training-your-move-white = Your move as White: play it on the board.
training-your-move-black = Your move as Black: play it on the board.
training-right = Right: { $move }
training-wrong = { $move } is not the game's move. Try again.
training-hint-square = Hint: the piece on { $square } moves.
training-revealed = The game went on { $move }.
training-done = The game ends here.
training-score = { $right } of { $total } right
training-hint = Hint
training-show = Show move
training-stop = Stop
guess-cost = Your move: { $cost } compared with the game move (engine)
guess-comparing = The engine compares your move with the game's…
engine-not-started = The engine could not be started.
engine-not-loaded = The engine could not be loaded.
engine-no-eval = The engine gave no evaluation.

## The explorer
explorer = Explorer
ex-indexing = Indexing positions
ex-indexing-progress = Indexing positions: { $percent }% · { $workers } workers
ex-play = Play this move
ex-move = Move
ex-results = White / draw / Black
ex-all = All
ex-white-wins = White wins { $percent }%
ex-draws = Draws { $percent }%
ex-black-wins = Black wins { $percent }%
ex-looking = Looking…
ex-figures = { $games } games · { $positions } positions
ex-games = Games ({ $games })
ex-games-title = Show the games that reach the shown position in the game list
ex-finding = Finding…
ex-fen = Find the games that reach a position: its FEN
ex-fen-placeholder = FEN of a position
summary = Summary
summary-title = Results, lengths, openings, players and duplicates of the file

## Analyse the game
review = Analyse the game
review-analysing = Analysing the game
review-progress = Analysing position { $done } of { $total }
review-start = Analyse game
review-start-title = Evaluate every move of the main line: [%eval] and ?!, ?, ?? marks, as one edit
review-budget = Time for each move
review-budget-01 = 0.1 s a move
review-budget-03 = 0.3 s a move
review-budget-3 = 3 s a move
review-side = Side
review-loss = Avg. loss
review-loss-title = Average centipawn loss a move
review-inaccuracies = Inaccuracies (?!)
review-mistakes = Mistakes (?)
review-blunders = Blunders (??)

## The file's summary
sum = Summary of the file
sum-close = Close the summary
sum-results = { $games } games: White won { $white } ({ $white-share }), drawn { $draws } ({ $draws-share }), Black won { $black } ({ $black-share }), other { $other }
sum-length = Average length: { $moves } moves
sum-lengths = Games by length (moves)
sum-openings = Most played openings
sum-players = Players with most games
sum-duplicates = Duplicates
sum-looking = Looking for duplicates…
sum-dup-moves = { $games } games with the same moves ({ $groups } groups)
sum-dup-whole = { $games } games with the same tags and moves ({ $groups } groups)

## Problems found while reading (the core's own description of each stays in English)
diag = Problems found while reading
diag-heading = Problems found while reading: { $summary }
diag-where = { $file } line { $line }, column { $column }
diag-error = error
diag-warning = warning
diag-fixed = fixed
diag-note = Everything up to each error is shown; the text after it is kept and exported unchanged.
diag-errors-one = { $count } error
diag-errors-other = { $count } errors
diag-repairs-one = { $count } repair or warning
diag-repairs-other = { $count } repairs or warnings

## The move list (shared with the widget, which says these in English)
moves-of = Moves: { $white } – { $black }
result-label = result { $result }
fold-show-one = Show the variation { $first } ({ $count } move)
fold-show-other = Show the variation { $first } ({ $count } moves)
fold-hide-one = Hide the variation { $first } ({ $count } move)
fold-hide-other = Hide the variation { $first } ({ $count } moves)
fold-show-title = Show this variation
fold-hide-title = Hide this variation
folded-one = ({ $first } … { $count } move)
folded-other = ({ $first } … { $count } moves)
nags-more-one = { $count } more annotation glyph
nags-more-other = { $count } more annotation glyphs
and-more = , and { $more }
unplayed = Not understood as moves: kept as written, and exported unchanged
more-characters-one = { $count } more character
more-characters-other = { $count } more characters

## The book layout, graphs and headings
book-earlier = Earlier moves: step back to see them
book-later = Later moves: step on to see them
book-show-one = Show a variation of { $count } move
book-show-other = Show a variation of { $count } moves
book-hide-one = Hide a variation of { $count } move
book-hide-other = Hide a variation of { $count } moves
moves-one = { $count } move
moves-other = { $count } moves
no-eval = No evaluation
eval = Evaluation { $eval }
eval-graph = Evaluation graph: the move shown
clock-graph = Time used per move: the move shown
opening = Opening:
opening-title = The opening of the shown position
versus = versus

## The engine's analysis
analysis = Analysis
analysis-title = Analyse the shown position with Stockfish, in this browser (L)
analysis-play = Play the line up to this move into the game
analysis-starting = Starting…
analysis-depth = Depth { $depth }

## Notices, opening files and pasting
dismiss = Dismiss
restored = Your unsaved edits to { $file } were restored.
restored-keep = Keep them
restored-discard = Discard edits
held-back = Movetext stopped on an internal error, so the file saved in this browser was not opened again. Its edits are still kept here.
held-back-open = Open it again
paste-dialog = Paste PGN
paste-text = PGN text
paste-placeholder = Paste one or more games in PGN here
pasted-text = Pasted text
dropped-text = Dropped text
shared-game = Shared game
unload-warning = Your edits have not been exported.
confirm-open = Your edits to { $file } have not been exported (they stay saved in this browser until another file is edited). Open the new file anyway?
no-games = No games found in { $file }.
restore-failed = Edits saved in this browser could not be read back: { $reason }
file-unreadable = { $file } could not be read: { $reason }.
no-file = No file was given.
url-invalid = “{ $url }” is not a valid address.
url-other-site = “{ $url }” is on another site; only files from { $origin } can be opened by address.
url-not-fetched = { $url } could not be fetched.
url-status = { $url }: the server answered { $status }.
url-unreadable = { $url } could not be read.
save-failed = Your edits could not be kept in this browser ({ $reason }). Export them before you leave this page.
ex-failed = The position index could not be built: { $reason }
ex-no-worker = no Web Worker.
ex-worker-not-started = its worker did not start.
