# Movetext: русский.

nav-bar = Навигация
nav-first = Первый ход
nav-prev = Предыдущий ход
nav-next = Следующий ход
nav-last = Последний ход
nav-flip = Перевернуть доску
autoplay-play = Проигрывать ходы автоматически
autoplay-pause = Остановить проигрывание
autoplay-delay = Проигрывание: время на ход
autoplay-real = Со временем, затраченным на каждый ход
pace-real = Реальный темп
pace-times = Реальный ×{ $times }
board-label = Шахматная доска, позиция после { $move }; { $turn }.
board-label-start = Шахматная доска, начальная позиция; { $turn }.
turn-white = ход белых
turn-black = ход чёрных
start-position = Начальная позиция
side-white = Белые
side-black = Чёрные
player-to-move = { $side }, очередь хода
menu-button = Меню партии
menu-copy-pgn = Копировать PGN
menu-copy-fen = Копировать FEN
menu-download = Скачать партию
menu-open-app = Открыть в Movetext
done-pgn-copied = PGN скопирован
done-fen-copied = FEN скопирован
done-downloaded = Партия скачана
done-flipped = Доска перевёрнута
widget-game = Шахматная партия: { $white } – { $black }
picker = Партия
live = В эфире
live-title = Эта партия отслеживается по ходу игры
widget-no-game = Нет партии { $game }: в файле их { $count }.
widget-bad-game = «{ $game }» — не номер партии: показана первая партия.
widget-bad-fen = Позицию из атрибута fen нельзя расставить: показана начальная позиция.

problem-at = строка { $line }, столбец { $column }: { $message }

# Plural forms, by the language's categories (CLDR).
problems-one = { $count } проблема найдена при чтении этой партии
problems-few = { $count } проблемы найдены при чтении этой партии
problems-many = { $count } проблем найдено при чтении этой партии

# Доска словами, для программ чтения с экрана.
board-side = { $side }: { $pieces }.
board-side-empty = { $side }: фигур нет.
board-groups = { $before }; { $next }
board-and = { $rest } и { $last }
board-king-one = король { $squares }
board-king-few = короли { $squares }
board-king-many = короли { $squares }
board-queen-one = ферзь { $squares }
board-queen-few = ферзи { $squares }
board-queen-many = ферзи { $squares }
board-rook-one = ладья { $squares }
board-rook-few = ладьи { $squares }
board-rook-many = ладьи { $squares }
board-bishop-one = слон { $squares }
board-bishop-few = слоны { $squares }
board-bishop-many = слоны { $squares }
board-knight-one = конь { $squares }
board-knight-few = кони { $squares }
board-knight-many = кони { $squares }
board-pawn-one = пешка { $squares }
board-pawn-few = пешки { $squares }
board-pawn-many = пешки { $squares }

# The board when moves are made on it with the keyboard (for screen readers).
board-role = шахматная доска
board-keys-help = Стрелки выбирают поле, Enter поднимает и ставит фигуру.
board-square = { $square }, { $piece }
board-square-empty = { $square }, пусто
board-picked-up = { $square }: фигура поднята
board-picked-up-from = { $here }; поднята фигура с { $from }
board-promote = Превратить в
board-promote-keys = Превратить в: Q, R, B или N
board-piece-white-king = белый король
board-piece-white-queen = белый ферзь
board-piece-white-rook = белая ладья
board-piece-white-bishop = белый слон
board-piece-white-knight = белый конь
board-piece-white-pawn = белая пешка
board-piece-black-king = чёрный король
board-piece-black-queen = чёрный ферзь
board-piece-black-rook = чёрная ладья
board-piece-black-bishop = чёрный слон
board-piece-black-knight = чёрный конь
board-piece-black-pawn = чёрная пешка

# Variants
widget-variant = Партия варианта шахмат: откройте её в Movetext.
