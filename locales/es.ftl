# Movetext: español.

nav-bar = Navegación
nav-first = Primera jugada
nav-prev = Jugada anterior
nav-next = Jugada siguiente
nav-last = Última jugada
nav-flip = Girar el tablero
autoplay-play = Reproducir las jugadas automáticamente
autoplay-pause = Pausar la reproducción
autoplay-delay = Reproducción: tiempo por jugada
autoplay-real = Al tiempo que tomó cada jugada
pace-real = Ritmo real
pace-times = Real ×{ $times }
board-label = Tablero de ajedrez, posición tras { $move }; { $turn }.
board-label-start = Tablero de ajedrez, posición inicial; { $turn }.
turn-white = juegan las blancas
turn-black = juegan las negras
start-position = Posición inicial
side-white = Blancas
side-black = Negras
player-to-move = { $side }, con el turno
menu-button = Menú de la partida
menu-copy-pgn = Copiar PGN
menu-copy-fen = Copiar FEN
menu-download = Descargar la partida
menu-open-app = Abrir en Movetext
done-pgn-copied = PGN copiado
done-fen-copied = FEN copiado
done-downloaded = Partida descargada
done-flipped = Tablero girado
widget-game = Partida de ajedrez: { $white } – { $black }
picker = Partida
live = En directo
live-title = Esta partida se sigue mientras se juega
widget-no-game = No hay partida { $game }: el archivo tiene { $count }.
widget-bad-game = «{ $game }» no es un número de partida: se muestra la primera partida.
widget-bad-fen = La posición del atributo fen no se puede colocar: se muestra la posición inicial.

problem-at = línea { $line }, columna { $column }: { $message }

# Plural forms, by the language's categories (CLDR).
problems-one = { $count } problema encontrado al leer esta partida
problems-other = { $count } problemas encontrados al leer esta partida

# El tablero en palabras, para lectores de pantalla.
board-side = { $side }: { $pieces }.
board-side-empty = { $side }: ninguna pieza.
board-groups = { $before }; { $next }
board-and = { $rest } y { $last }
board-king-one = rey { $squares }
board-king-other = reyes { $squares }
board-queen-one = dama { $squares }
board-queen-other = damas { $squares }
board-rook-one = torre { $squares }
board-rook-other = torres { $squares }
board-bishop-one = alfil { $squares }
board-bishop-other = alfiles { $squares }
board-knight-one = caballo { $squares }
board-knight-other = caballos { $squares }
board-pawn-one = peón { $squares }
board-pawn-other = peones { $squares }

# The board when moves are made on it with the keyboard (for screen readers).
board-role = tablero de ajedrez
board-keys-help = Las flechas eligen una casilla; Intro levanta y suelta una pieza.
board-square = { $square }, { $piece }
board-square-empty = { $square }, vacía
board-picked-up = { $square }: pieza levantada
board-picked-up-from = { $here }; pieza levantada en { $from }
board-promote = Promocionar a
board-promote-keys = Promocionar a: Q, R, B o N
board-piece-white-king = rey blanco
board-piece-white-queen = dama blanca
board-piece-white-rook = torre blanca
board-piece-white-bishop = alfil blanco
board-piece-white-knight = caballo blanco
board-piece-white-pawn = peón blanco
board-piece-black-king = rey negro
board-piece-black-queen = dama negra
board-piece-black-rook = torre negra
board-piece-black-bishop = alfil negro
board-piece-black-knight = caballo negro
board-piece-black-pawn = peón negro

# Variants
widget-variant = Una partida de variante: ábrala en Movetext.
