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

# Plural forms, by the language's categories (CLDR).
problems-one = { $count } problema encontrado al leer esta partida
problems-other = { $count } problemas encontrados al leer esta partida
