# Movetext: Deutsch.

nav-bar = Navigation
nav-first = Erster Zug
nav-prev = Vorheriger Zug
nav-next = Nächster Zug
nav-last = Letzter Zug
nav-flip = Brett drehen
autoplay-play = Züge automatisch abspielen
autoplay-pause = Abspielen anhalten
autoplay-delay = Abspielen: Zeit pro Zug
autoplay-real = In der Zeit, die jeder Zug gedauert hat
pace-real = Echtes Tempo
pace-times = Echt ×{ $times }
board-label = Schachbrett, Stellung nach { $move }; { $turn }.
board-label-start = Schachbrett, Ausgangsstellung; { $turn }.
turn-white = Weiß am Zug
turn-black = Schwarz am Zug
start-position = Ausgangsstellung
side-white = Weiß
side-black = Schwarz
player-to-move = { $side }, am Zug
menu-button = Partiemenü
menu-copy-pgn = PGN kopieren
menu-copy-fen = FEN kopieren
menu-download = Partie herunterladen
menu-open-app = In Movetext öffnen
done-pgn-copied = PGN kopiert
done-fen-copied = FEN kopiert
done-downloaded = Partie heruntergeladen
done-flipped = Brett gedreht
widget-game = Schachpartie: { $white } – { $black }
picker = Partie
live = Live
live-title = Diese Partie wird verfolgt, während sie gespielt wird
widget-no-game = Keine Partie { $game }: Die Datei hat { $count }.
widget-bad-game = „{ $game }“ ist keine Partienummer: Die erste Partie wird gezeigt.
widget-bad-fen = Die Stellung des fen-Attributs lässt sich nicht aufbauen: Die Grundstellung wird gezeigt.

problem-at = Zeile { $line }, Spalte { $column }: { $message }

# Plural forms, by the language's categories (CLDR).
problems-one = { $count } Problem beim Lesen dieser Partie gefunden
problems-other = { $count } Probleme beim Lesen dieser Partie gefunden

# Das Brett in Worten, für Screenreader.
board-side = { $side }: { $pieces }.
board-side-empty = { $side }: keine Figuren.
board-groups = { $before }; { $next }
board-and = { $rest } und { $last }
board-king-one = König { $squares }
board-king-other = Könige { $squares }
board-queen-one = Dame { $squares }
board-queen-other = Damen { $squares }
board-rook-one = Turm { $squares }
board-rook-other = Türme { $squares }
board-bishop-one = Läufer { $squares }
board-bishop-other = Läufer { $squares }
board-knight-one = Springer { $squares }
board-knight-other = Springer { $squares }
board-pawn-one = Bauer { $squares }
board-pawn-other = Bauern { $squares }

# The board when moves are made on it with the keyboard (for screen readers).
board-role = Schachbrett
board-keys-help = Pfeiltasten wählen ein Feld, Enter nimmt eine Figur auf und setzt sie ab.
board-square = { $square }, { $piece }
board-square-empty = { $square }, leer
board-picked-up = { $square } aufgenommen
board-picked-up-from = { $here }; { $from } aufgenommen
board-promote = Umwandeln in
board-promote-keys = Umwandeln in: Q, R, B oder N
board-piece-white-king = weißer König
board-piece-white-queen = weiße Dame
board-piece-white-rook = weißer Turm
board-piece-white-bishop = weißer Läufer
board-piece-white-knight = weißer Springer
board-piece-white-pawn = weißer Bauer
board-piece-black-king = schwarzer König
board-piece-black-queen = schwarze Dame
board-piece-black-rook = schwarzer Turm
board-piece-black-bishop = schwarzer Läufer
board-piece-black-knight = schwarzer Springer
board-piece-black-pawn = schwarzer Bauer

# Variants
widget-variant = Eine Variantenpartie: in Movetext öffnen.
