# Las palabras de la aplicación: español.

## La página
language = Idioma
board-region = Tablero
game-region = Partida
moves-so-far = Jugadas hasta ahora
drop-files = Suelta archivos PGN para abrirlos
games-reaching-move = partidas que llegan a la posición tras { $move }
games-reaching-start = partidas que llegan a la posición inicial
games-reaching-fen = partidas que llegan a { $fen }
duplicates-moves = partidas en { $groups } grupos con las mismas jugadas
duplicates-tags-moves = partidas en { $groups } grupos con las mismas etiquetas y jugadas
not-a-position = No es una posición: { $reason }
layout = Presentación de la lista de jugadas
layout-table = Tabla
layout-book = Libro
indexing = Leyendo el archivo
indexing-progress = Leyendo { $file }: { $percent } % · { $games } partidas
edit-bar = Edición
undo = Deshacer
undo-title = Deshacer (Ctrl+Z)
redo = Rehacer
redo-title = Rehacer (Ctrl+Y)
comment = Comentario
comment-title = Comentar tras la jugada mostrada (C)
tags = Etiquetas
tags-title = Editar las etiquetas de la partida
new-game = Nueva partida
new-game-title = Una partida nueva, desde la posición inicial o una posición preparada
image = Imagen
image-title = La posición mostrada como imagen SVG o PNG
export = Exportar
export-title = Copiar o descargar el PGN, copiar el FEN

## La barra superior
file-game-of = { $file } · partida { $game } de { $games }
open = Abrir
open-title = Abrir archivos PGN (o soltarlos en cualquier parte de la página)
open-files = Archivos PGN que abrir
paste = Pegar
paste-title = Pegar texto PGN (o pulsar Ctrl+V en cualquier parte)
notation = Notación de las jugadas
notation-fan = Figurines
notation-lan = Notación larga
dark-theme = Tema oscuro
dark-theme-title = Cambiar entre tema claro y oscuro

## Comentarios y el menú de la jugada
comment-game = Comentario sobre la partida (antes de la primera jugada)
comment-after = Comentario tras { $move }
comment-before = Comentario antes de { $move }
comment-text = Texto del comentario
comment-brace = Un comentario PGN no puede contener }: las llaves se guardan como paréntesis.
comment-kept = Se conserva con el comentario:
save = Guardar
save-title = Guardar (Ctrl+Intro)
cancel = Cancelar
close = Cerrar
menu-start = Inicio de la partida
menu-edit = Editar { $move }
menu-comment-after = Comentario después…
menu-comment-before = Comentario antes…
menu-promote = Subir la variante
menu-main-line = Hacer línea principal
menu-delete = Borrar desde aquí
menu-nags = Signos de anotación

## Exportar
export-options = Opciones de exportación
export-comments = Comentarios
export-commands = Comandos ([%clk], [%eval]…)
export-variations = Variantes
export-nags = NAG
export-reduced = Formato de exportación reducido
export-opening-tags = Rellenar las etiquetas ECO y Opening
export-cut = El PGN de esta partida ocupa { $size }; aquí se muestran los primeros { $shown }. «Copiar PGN» y «Descargar partida» lo dan completo.
export-writing = Escribiendo la partida completa… se muestran sus primeras líneas.
export-file = Descargar archivo:
export-every-game = todas las partidas
export-without-repeated-games = sin partidas repetidas (mismas etiquetas y jugadas): { $n } omitidas
export-without-repeated-moves = sin partidas que repiten las jugadas de otra: { $n } omitidas
export-text = PGN de la partida
export-download-file = Descargar archivo
print = Imprimir…
print-title = La partida preparada para imprimir, con diagramas
size-bytes = { $n } bytes
size-kb = { $n } KB
size-mb = { $n } MB

## Imágenes y el GIF animado
caption-start = inicio
image-dialog = Imagen de la posición
image-options = Opciones de imagen
image-format = Formato
image-gif = GIF animado (línea principal)
image-width = Ancho
image-coordinates = Coordenadas
image-caption = Pie de imagen
image-preview = Vista previa: { $caption }
image-download = Descargar imagen
image-copy = Copiar imagen
image-svg-copied = SVG copiado
image-png-copied = PNG copiado
image-png-failed = No se pudo crear el PNG.
image-png-refused = El navegador no permitió copiar el PNG.
gif = GIF animado
gif-options = Opciones de animación
gif-pace = Ritmo
gif-pace-half = 0,5 s por jugada
gif-pace-1 = 1 s por jugada
gif-pace-2 = 2 s por jugada
gif-pace-real-5 = Ritmo real × 5
gif-pace-real-20 = Ritmo real × 20
gif-from = Desde
gif-to = hasta
gif-frame = Fotograma { $done } de { $of }
gif-download = Descargar GIF ({ $positions } posiciones)
gif-made = GIF de { $positions } posiciones: { $kb } KB en { $seconds } s
gif-alt = El GIF animado creado: { $positions } posiciones
gif-cancelled = Cancelado
gif-failed = No se pudo crear el GIF: { $reason }.

## Imprimir
print-dialog = Imprimir la partida
print-diagrams = Diagramas
print-marked = Diagramas: tras las jugadas marcadas con $201, $220 o $221,
print-at-shown = tras la jugada mostrada,
print-more = Más diagramas
print-none = ningún otro diagrama
print-every-10 = cada 10 jugadas
print-every-20 = cada 20 jugadas
print-every-30 = cada 30 jugadas
print-view = La partida tal como se imprimirá
print-now = Imprimir
print-start = La posición inicial
print-after = Tras { $move }
print-diagram = Diagrama: { $position }

## Etiquetas
tags-dialog = Etiquetas de la partida
tag-name = Nombre de la etiqueta
tag-name-placeholder = Nombre
tag-value = Valor de la etiqueta
tag-remove = Quitar { $tag }
tag-twice = La etiqueta { $tag } aparece dos veces.
tag-add = Añadir una etiqueta
tag-no-breaks = { $tag } no puede contener saltos de línea ni tabuladores.
tag-date = { $tag } se escribe AAAA.MM.DD, con ?? para las partes desconocidas (por ejemplo 1992.11.??).
tag-round = Round es un número como 3 o 3.1, ? si no se conoce, o - si no procede.
tag-result = Result es 1-0, 0-1, 1/2-1/2, o * para una partida sin terminar o desconocida.
tag-elo = { $tag } es una puntuación en cifras (o - si no la hay).
tag-needs-name = Una etiqueta necesita un nombre.
tag-name-letters = «{ $tag }»: los nombres de etiqueta solo llevan letras, cifras y _.
tag-position = { $tag } sigue a la posición inicial: usa «Nueva partida» para cambiarla.

## Una partida nueva
setup-board = Posición en preparación: haz clic en una casilla para poner la pieza elegida
setup-pieces = Piezas que colocar
setup-eraser = Borrador: vaciar una casilla
setup-empty = Tablero vacío
setup-ep = Casilla de captura al paso
setup-ep-example = p. ej. e3
setup-find = Buscar partidas
setup-find-title = Mostrar las partidas del archivo abierto que llegan a esta posición
setup-create = Crear partida
setup-turn = Turno
setup-castling = Enroque
setup-white-short = Blancas O-O
setup-white-long = Blancas O-O-O
setup-black-short = Negras O-O
setup-black-long = Negras O-O-O
setup-960-game = Partida Chess960
setup-960-number = Número de la posición inicial (0–959)
setup-960-use = Usar este número
setup-960-random = Al azar
setup-960-position = Posición Chess960 { $n }
piece-white-king = Rey blanco
piece-white-queen = Dama blanca
piece-white-rook = Torre blanca
piece-white-bishop = Alfil blanco
piece-white-knight = Caballo blanco
piece-white-pawn = Peón blanco
piece-black-king = Rey negro
piece-black-queen = Dama negra
piece-black-rook = Torre negra
piece-black-bishop = Alfil negro
piece-black-knight = Caballo negro
piece-black-pawn = Peón negro

## La lista de partidas
game-list = Partidas del archivo
games-table = Partidas
game-rows = Filas de partidas: las flechas arriba y abajo abren la partida anterior o la siguiente
filter = Filtrar partidas
filter-placeholder = Filtro: jugador, torneo, fecha…
filtering = Filtrando…
sorting = Ordenando…
sort = Ordenar partidas por
sort-by = Ordenar por { $column }
sort-file = Orden del archivo
sort-standard = Orden habitual (fecha, torneo, ronda)
sort-white-elo = Elo de blancas
sort-black-elo = Elo de negras
column-result = Resultado
column-result-short = Res.
column-event = Torneo
column-date = Fecha
column-moves = Jugadas
column-moves-short = Jug.
column-problems = Problemas
games-shown = { $shown } de { $total } partidas
show-all = Mostrar todas
show-all-title = Mostrar todas las partidas del archivo
edited = Editada
games-one = { $count } partida
games-other = { $count } partidas
game-problems-one = { $count } problema encontrado al leer
game-problems-other = { $count } problemas encontrados al leer

## Adivinar la jugada
training = Adivinar la jugada
training-of = Adivinar las jugadas de
training-white = Adivinar las jugadas de las blancas
training-white-title = Jugar las jugadas de las blancas desde aquí; las jugadas siguientes quedan ocultas
training-black = Adivinar las jugadas de las negras
training-black-title = Jugar las jugadas de las negras desde aquí; las jugadas siguientes quedan ocultas
training-your-move-white = Juegas con blancas: haz tu jugada en el tablero.
training-your-move-black = Juegas con negras: haz tu jugada en el tablero.
training-right = Correcto: { $move }
training-wrong = { $move } no es la jugada de la partida. Inténtalo de nuevo.
training-hint-square = Pista: se mueve la pieza de { $square }.
training-revealed = La partida siguió con { $move }.
training-done = La partida termina aquí.
training-score = { $right } de { $total } acertadas
training-hint = Pista
training-show = Mostrar jugada
training-stop = Terminar
guess-cost = Tu jugada: { $cost } frente a la jugada de la partida (motor)
guess-comparing = El motor compara tu jugada con la de la partida…
engine-not-started = No se pudo iniciar el motor.
engine-not-loaded = No se pudo cargar el motor.
engine-no-eval = El motor no dio ninguna evaluación.

## El explorador
explorer = Explorador
ex-indexing = Indexando posiciones
ex-indexing-progress = Indexando posiciones: { $percent } % · { $workers } workers
ex-play = Jugar esta jugada
ex-move = Jugada
ex-results = Blancas / tablas / negras
ex-all = Todas
ex-white-wins = Ganan blancas { $percent } %
ex-draws = Tablas { $percent } %
ex-black-wins = Ganan negras { $percent } %
ex-looking = Buscando…
ex-figures = { $games } partidas · { $positions } posiciones
ex-games = Partidas ({ $games })
ex-games-title = Mostrar en la lista las partidas que llegan a la posición mostrada
ex-finding = Buscando…
ex-fen = Buscar las partidas que llegan a una posición: su FEN
ex-fen-placeholder = FEN de una posición
summary = Resumen
summary-title = Resultados, longitudes, aperturas, jugadores y duplicados del archivo

## Analizar la partida
review = Analizar la partida
review-analysing = Analizando la partida
review-progress = Analizando la posición { $done } de { $total }
review-start = Analizar partida
review-start-title = Evaluar cada jugada de la línea principal: [%eval] y signos ?!, ?, ??, como una sola edición
review-budget = Tiempo por jugada
review-budget-01 = 0,1 s por jugada
review-budget-03 = 0,3 s por jugada
review-budget-3 = 3 s por jugada
review-side = Bando
review-loss = Pérdida media
review-loss-title = Pérdida media en centipeones por jugada
review-inaccuracies = Imprecisiones (?!)
review-mistakes = Errores (?)
review-blunders = Errores graves (??)

## El resumen del archivo
sum = Resumen del archivo
sum-close = Cerrar el resumen
sum-results = { $games } partidas: ganan blancas { $white } ({ $white-share }), tablas { $draws } ({ $draws-share }), ganan negras { $black } ({ $black-share }), otras { $other }
sum-length = Longitud media: { $moves } jugadas
sum-lengths = Partidas por longitud (jugadas)
sum-openings = Aperturas más jugadas
sum-players = Jugadores con más partidas
sum-duplicates = Duplicados
sum-looking = Buscando duplicados…
sum-dup-moves = { $games } partidas con las mismas jugadas ({ $groups } grupos)
sum-dup-whole = { $games } partidas con las mismas etiquetas y jugadas ({ $groups } grupos)

## Problemas encontrados al leer
diag = Problemas encontrados al leer
diag-heading = Problemas encontrados al leer: { $summary }
diag-where = { $file } línea { $line }, columna { $column }
diag-error = error
diag-warning = aviso
diag-fixed = corregido
diag-note = Se muestra todo hasta cada error; el texto que sigue se conserva y se exporta sin cambios.
diag-errors-one = { $count } error
diag-errors-other = { $count } errores
diag-repairs-one = { $count } corrección o aviso
diag-repairs-other = { $count } correcciones o avisos

## La lista de jugadas
moves-of = Jugadas: { $white } – { $black }
result-label = resultado { $result }
fold-show-one = Mostrar la variante { $first } ({ $count } jugada)
fold-show-other = Mostrar la variante { $first } ({ $count } jugadas)
fold-hide-one = Ocultar la variante { $first } ({ $count } jugada)
fold-hide-other = Ocultar la variante { $first } ({ $count } jugadas)
fold-show-title = Mostrar esta variante
fold-hide-title = Ocultar esta variante
folded-one = ({ $first } … { $count } jugada)
folded-other = ({ $first } … { $count } jugadas)
nags-more-one = { $count } signo de anotación más
nags-more-other = { $count } signos de anotación más
and-more = , y { $more }
unplayed = No se entiende como jugadas: se conserva tal cual y se exporta sin cambios
more-characters-one = { $count } carácter más
more-characters-other = { $count } caracteres más

## Presentación de libro, gráficos y títulos
book-earlier = Jugadas anteriores: retrocede para verlas
book-later = Jugadas posteriores: avanza para verlas
book-show-one = Mostrar una variante de { $count } jugada
book-show-other = Mostrar una variante de { $count } jugadas
book-hide-one = Ocultar una variante de { $count } jugada
book-hide-other = Ocultar una variante de { $count } jugadas
moves-one = { $count } jugada
moves-other = { $count } jugadas
no-eval = Sin evaluación
eval = Evaluación { $eval }
eval-graph = Gráfico de evaluación: la jugada mostrada
clock-graph = Tiempo usado por jugada: la jugada mostrada
opening = Apertura:
opening-title = La apertura de la posición mostrada
versus = contra

## El análisis del motor
analysis = Análisis
analysis-title = Analizar la posición mostrada con Stockfish, en este navegador (L)
analysis-play = Jugar la línea hasta esta jugada en la partida
analysis-starting = Iniciando…
analysis-depth = Profundidad { $depth }

## Avisos, abrir archivos y pegar
dismiss = Descartar
restored = Se han recuperado tus cambios sin guardar de { $file }.
restored-keep = Conservarlos
restored-discard = Descartar cambios
held-back = Movetext se detuvo por un error interno, así que no se volvió a abrir el archivo guardado en este navegador. Sus cambios siguen guardados aquí.
held-back-open = Volver a abrirlo
paste-dialog = Pegar PGN
paste-text = Texto PGN
paste-placeholder = Pega aquí una o más partidas en PGN
pasted-text = Texto pegado
dropped-text = Texto soltado
shared-game = Partida compartida
unload-warning = Tus cambios no se han exportado.
confirm-open = Tus cambios de { $file } no se han exportado (siguen guardados en este navegador hasta que se edite otro archivo). ¿Abrir el archivo nuevo de todos modos?
no-games = No se encontraron partidas en { $file }.
restore-failed = No se pudieron leer los cambios guardados en este navegador: { $reason }
file-unreadable = No se pudo leer { $file }: { $reason }.
no-file = No se indicó ningún archivo.
url-invalid = «{ $url }» no es una dirección válida.
url-other-site = «{ $url }» está en otro sitio; por dirección solo se pueden abrir archivos de { $origin }.
url-not-fetched = No se pudo descargar { $url }.
url-status = { $url }: el servidor respondió { $status }.
url-unreadable = No se pudo leer { $url }.
save-failed = No se pudieron guardar tus cambios en este navegador ({ $reason }). Expórtalos antes de salir de esta página.
ex-failed = No se pudo crear el índice de posiciones: { $reason }
ex-no-worker = no hay Web Worker.
ex-worker-not-started = su worker no se inició.
