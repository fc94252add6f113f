# Movetext : français.

nav-bar = Navigation
nav-first = Premier coup
nav-prev = Coup précédent
nav-next = Coup suivant
nav-last = Dernier coup
nav-flip = Retourner l’échiquier
autoplay-play = Jouer les coups automatiquement
autoplay-pause = Mettre la lecture en pause
autoplay-delay = Lecture : temps par coup
autoplay-real = Au temps pris par chaque coup
pace-real = Rythme réel
pace-times = Réel ×{ $times }
board-label = Échiquier, position après { $move } ; { $turn }.
board-label-start = Échiquier, position de départ ; { $turn }.
turn-white = trait aux Blancs
turn-black = trait aux Noirs
start-position = Position de départ
side-white = Blancs
side-black = Noirs
player-to-move = { $side }, au trait
menu-button = Menu de la partie
menu-copy-pgn = Copier le PGN
menu-copy-fen = Copier la FEN
menu-download = Télécharger la partie
menu-open-app = Ouvrir dans Movetext
done-pgn-copied = PGN copié
done-fen-copied = FEN copiée
done-downloaded = Partie téléchargée
done-flipped = Échiquier retourné
widget-game = Partie d’échecs : { $white } – { $black }
picker = Partie
live = En direct
live-title = Cette partie est suivie pendant qu’elle se joue
widget-no-game = Pas de partie { $game } : le fichier en a { $count }.
widget-bad-game = « { $game } » n’est pas un numéro de partie : la première partie est affichée.
widget-bad-fen = La position de l’attribut fen ne peut pas être mise en place : la position initiale est affichée.

problem-at = ligne { $line }, colonne { $column } : { $message }

# Plural forms, by the language's categories (CLDR).
problems-one = { $count } problème trouvé en lisant cette partie
problems-other = { $count } problèmes trouvés en lisant cette partie

# L'échiquier en mots, pour les lecteurs d'écran.
board-side = { $side } : { $pieces }.
board-side-empty = { $side } : aucune pièce.
board-groups = { $before } ; { $next }
board-and = { $rest } et { $last }
board-king-one = roi { $squares }
board-king-other = rois { $squares }
board-queen-one = dame { $squares }
board-queen-other = dames { $squares }
board-rook-one = tour { $squares }
board-rook-other = tours { $squares }
board-bishop-one = fou { $squares }
board-bishop-other = fous { $squares }
board-knight-one = cavalier { $squares }
board-knight-other = cavaliers { $squares }
board-pawn-one = pion { $squares }
board-pawn-other = pions { $squares }

# The board when moves are made on it with the keyboard (for screen readers).
board-role = échiquier
board-keys-help = Les flèches choisissent une case, Entrée prend et pose une pièce.
board-square = { $square }, { $piece }
board-square-empty = { $square }, vide
board-picked-up = { $square } : pièce prise
board-picked-up-from = { $here } ; pièce prise en { $from }
board-promote = Promouvoir en
board-promote-keys = Promouvoir en : Q, R, B ou N
board-piece-white-king = roi blanc
board-piece-white-queen = dame blanche
board-piece-white-rook = tour blanche
board-piece-white-bishop = fou blanc
board-piece-white-knight = cavalier blanc
board-piece-white-pawn = pion blanc
board-piece-black-king = roi noir
board-piece-black-queen = dame noire
board-piece-black-rook = tour noire
board-piece-black-bishop = fou noir
board-piece-black-knight = cavalier noir
board-piece-black-pawn = pion noir

# Variants
widget-variant = Une partie de variante : ouvrez-la dans Movetext.
