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

# Plural forms, by the language's categories (CLDR).
problems-one = { $count } проблема найдена при чтении этой партии
problems-few = { $count } проблемы найдены при чтении этой партии
problems-many = { $count } проблем найдено при чтении этой партии
