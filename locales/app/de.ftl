# Die Wörter der App: Deutsch.

## Die Seite
language = Sprache
board-region = Brett
game-region = Partie
moves-so-far = Bisherige Züge
drop-files = PGN-Dateien hier ablegen, um sie zu öffnen
games-reaching-move = Partien mit der Stellung nach { $move }
games-reaching-start = Partien mit der Ausgangsstellung
games-reaching-fen = Partien mit der Stellung { $fen }
duplicates-moves = Partien in { $groups } Gruppen mit denselben Zügen
duplicates-tags-moves = Partien in { $groups } Gruppen mit denselben Tags und Zügen
not-a-position = Keine Stellung: { $reason }
layout = Darstellung der Zugliste
layout-table = Tabelle
layout-book = Buch
indexing = Die Datei wird gelesen
indexing-progress = { $file } wird gelesen: { $percent } % · { $games } Partien
edit-bar = Bearbeiten
undo = Rückgängig
undo-title = Rückgängig (Strg+Z)
redo = Wiederholen
redo-title = Wiederholen (Strg+Y)
comment = Kommentar
comment-title = Kommentar nach dem gezeigten Zug (C)
tags = Tags
tags-title = Die Tags der Partie bearbeiten
new-game = Neue Partie
new-game-title = Eine neue Partie, von der Grundstellung oder einer aufgebauten Stellung
image = Bild
image-title = Die gezeigte Stellung als SVG- oder PNG-Bild
export = Export
export-title = PGN kopieren oder herunterladen, FEN kopieren

## Die obere Leiste
file-game-of = { $file } · Partie { $game } von { $games }
open = Öffnen
open-title = PGN-Dateien öffnen (oder irgendwo auf der Seite ablegen)
open-files = Zu öffnende PGN-Dateien
paste = Einfügen
paste-title = PGN-Text einfügen (oder überall Strg+V drücken)
notation = Zugnotation
notation-fan = Figurinen
notation-lan = Lange Notation
dark-theme = Dunkles Design
dark-theme-title = Zwischen hellem und dunklem Design wechseln

## Kommentare und das Zugmenü
comment-game = Kommentar zur Partie (vor dem ersten Zug)
comment-after = Kommentar nach { $move }
comment-before = Kommentar vor { $move }
comment-text = Kommentartext
comment-brace = Ein PGN-Kommentar kann kein } enthalten: geschweifte Klammern werden als runde gespeichert.
comment-kept = Mit dem Kommentar behalten:
save = Speichern
save-title = Speichern (Strg+Eingabe)
cancel = Abbrechen
close = Schließen
menu-start = Beginn der Partie
menu-edit = { $move } bearbeiten
menu-comment-after = Kommentar danach…
menu-comment-before = Kommentar davor…
menu-promote = Variante aufwerten
menu-main-line = Zur Hauptvariante machen
menu-delete = Ab hier löschen
menu-nags = Kommentarzeichen

## Export
export-options = Exportoptionen
export-comments = Kommentare
export-commands = Befehle ([%clk], [%eval]…)
export-variations = Varianten
export-nags = NAGs
export-reduced = Reduziertes Exportformat
export-opening-tags = ECO- und Opening-Tags ausfüllen
export-cut = Das PGN dieser Partie hat { $size }; hier werden die ersten { $shown } gezeigt. „PGN kopieren“ und „Partie herunterladen“ liefern alles.
export-writing = Die ganze Partie wird geschrieben … ihre ersten Zeilen stehen hier.
export-file = Datei herunterladen:
export-every-game = alle Partien
export-without-repeated-games = ohne doppelte Partien (gleiche Tags und Züge): { $n } ausgelassen
export-without-repeated-moves = ohne Partien, die die Züge einer anderen wiederholen: { $n } ausgelassen
export-text = PGN der Partie
export-download-file = Datei herunterladen
print = Drucken…
print-title = Die Partie als Druckansicht, mit Diagrammen
size-bytes = { $n } Bytes
size-kb = { $n } KB
size-mb = { $n } MB

## Bilder und das animierte GIF
caption-start = Anfang
image-dialog = Bild der Stellung
image-options = Bildoptionen
image-format = Format
image-gif = Animiertes GIF (Hauptvariante)
image-width = Breite
image-coordinates = Koordinaten
image-caption = Bildunterschrift
image-preview = Vorschau: { $caption }
image-download = Bild herunterladen
image-copy = Bild kopieren
image-svg-copied = SVG kopiert
image-png-copied = PNG kopiert
image-png-failed = Das PNG konnte nicht erstellt werden.
image-png-refused = Der Browser hat das Kopieren des PNG nicht erlaubt.
gif = Animiertes GIF
gif-options = Animationsoptionen
gif-pace = Tempo
gif-pace-half = 0,5 s pro Zug
gif-pace-1 = 1 s pro Zug
gif-pace-2 = 2 s pro Zug
gif-pace-real-5 = Echtes Tempo × 5
gif-pace-real-20 = Echtes Tempo × 20
gif-from = Von
gif-to = bis
gif-frame = Bild { $done } von { $of }
gif-download = GIF herunterladen ({ $positions } Stellungen)
gif-made = GIF mit { $positions } Stellungen: { $kb } KB in { $seconds } s
gif-alt = Das erstellte animierte GIF: { $positions } Stellungen
gif-cancelled = Abgebrochen
gif-failed = Das GIF konnte nicht erstellt werden: { $reason }.

## Drucken
print-dialog = Partie drucken
print-diagrams = Diagramme
print-marked = Diagramme: nach Zügen mit $201, $220 oder $221,
print-at-shown = nach dem gezeigten Zug,
print-more = Weitere Diagramme
print-none = keine weiteren Diagramme
print-every-10 = alle 10 Züge
print-every-20 = alle 20 Züge
print-every-30 = alle 30 Züge
print-view = Die Partie, wie sie gedruckt wird
print-now = Drucken
print-start = Die Ausgangsstellung
print-after = Nach { $move }
print-diagram = Diagramm: { $position }

## Tags
tags-dialog = Tags der Partie
tag-name = Tag-Name
tag-name-placeholder = Name
tag-value = Tag-Wert
tag-remove = { $tag } entfernen
tag-twice = Das Tag { $tag } kommt zweimal vor.
tag-add = Tag hinzufügen
tag-no-breaks = { $tag } darf keine Zeilenumbrüche oder Tabulatoren enthalten.
tag-date = { $tag } wird JJJJ.MM.TT geschrieben, mit ?? für unbekannte Teile (zum Beispiel 1992.11.??).
tag-round = Round ist eine Zahl wie 3 oder 3.1, ? wenn unbekannt, oder -, wenn es keine gibt.
tag-result = Result ist 1-0, 0-1, 1/2-1/2 oder * für eine unbeendete oder unbekannte Partie.
tag-elo = { $tag } ist eine Wertungszahl aus Ziffern (oder -, wenn es keine gibt).
tag-needs-name = Ein Tag braucht einen Namen.
tag-name-letters = „{ $tag }“: Tag-Namen bestehen nur aus Buchstaben, Ziffern und _.
tag-position = { $tag } folgt der Ausgangsstellung: Ändern Sie es über „Neue Partie“.

## Eine neue Partie
setup-board = Stellung im Aufbau: Klicken Sie auf ein Feld, um die gewählte Figur zu setzen
setup-pieces = Zu setzende Figuren
setup-eraser = Radierer: ein Feld leeren
setup-empty = Leeres Brett
setup-ep = En-passant-Feld
setup-ep-example = z. B. e3
setup-find = Partien finden
setup-find-title = Die Partien der offenen Datei zeigen, die diese Stellung erreichen
setup-create = Partie anlegen
setup-turn = Am Zug
setup-castling = Rochade
setup-white-short = Weiß O-O
setup-white-long = Weiß O-O-O
setup-black-short = Schwarz O-O
setup-black-long = Schwarz O-O-O
setup-960-game = Chess960-Partie
setup-960-number = Nummer der Ausgangsstellung (0–959)
setup-960-use = Diese Nummer verwenden
setup-960-random = Zufällig
setup-960-position = Chess960-Stellung { $n }
piece-white-king = Weißer König
piece-white-queen = Weiße Dame
piece-white-rook = Weißer Turm
piece-white-bishop = Weißer Läufer
piece-white-knight = Weißer Springer
piece-white-pawn = Weißer Bauer
piece-black-king = Schwarzer König
piece-black-queen = Schwarze Dame
piece-black-rook = Schwarzer Turm
piece-black-bishop = Schwarzer Läufer
piece-black-knight = Schwarzer Springer
piece-black-pawn = Schwarzer Bauer

## Die Partienliste
game-list = Partien der Datei
games-table = Partien
game-rows = Partienzeilen: Pfeiltasten auf und ab öffnen die vorige oder nächste Partie
filter = Partien filtern
filter-placeholder = Filter: Spieler, Turnier, Datum…
filtering = Wird gefiltert…
sorting = Wird sortiert…
sort = Partien sortieren nach
sort-by = Nach { $column } sortieren
sort-file = Reihenfolge der Datei
sort-standard = Übliche Reihenfolge (Datum, Turnier, Runde)
sort-white-elo = Elo Weiß
sort-black-elo = Elo Schwarz
column-result = Ergebnis
column-result-short = Erg.
column-event = Turnier
column-date = Datum
column-moves = Züge
column-moves-short = Züge
column-problems = Probleme
games-shown = { $shown } von { $total } Partien
show-all = Alle zeigen
show-all-title = Alle Partien der Datei zeigen
edited = Bearbeitet
games-one = { $count } Partie
games-other = { $count } Partien
game-problems-one = { $count } Problem beim Lesen gefunden
game-problems-other = { $count } Probleme beim Lesen gefunden

## Zug raten
training = Zug raten
training-of = Die Züge raten von
training-white = Die Züge von Weiß raten
training-white-title = Ab hier die Züge von Weiß spielen; die kommenden Züge sind verborgen
training-black = Die Züge von Schwarz raten
training-black-title = Ab hier die Züge von Schwarz spielen; die kommenden Züge sind verborgen
training-your-move-white = Ihr Zug als Weiß: Spielen Sie ihn auf dem Brett.
training-your-move-black = Ihr Zug als Schwarz: Spielen Sie ihn auf dem Brett.
training-right = Richtig: { $move }
training-wrong = { $move } ist nicht der Partiezug. Versuchen Sie es noch einmal.
training-hint-square = Tipp: Die Figur auf { $square } zieht.
training-revealed = Die Partie ging mit { $move } weiter.
training-done = Die Partie endet hier.
training-score = { $right } von { $total } richtig
training-hint = Tipp
training-show = Zug zeigen
training-stop = Beenden
guess-cost = Ihr Zug: { $cost } im Vergleich zum Partiezug (Engine)
guess-comparing = Die Engine vergleicht Ihren Zug mit dem Partiezug…
engine-not-started = Die Engine konnte nicht gestartet werden.
engine-not-loaded = Die Engine konnte nicht geladen werden.
engine-no-eval = Die Engine hat keine Bewertung geliefert.

## Der Explorer
explorer = Explorer
ex-indexing = Stellungen werden indiziert
ex-indexing-progress = Stellungen werden indiziert: { $percent } % · { $workers } Worker
ex-play = Diesen Zug spielen
ex-move = Zug
ex-results = Weiß / remis / Schwarz
ex-all = Alle
ex-white-wins = Weiß gewinnt { $percent } %
ex-draws = Remis { $percent } %
ex-black-wins = Schwarz gewinnt { $percent } %
ex-looking = Wird gesucht…
ex-figures = { $games } Partien · { $positions } Stellungen
ex-games = Partien ({ $games })
ex-games-title = Die Partien, die die gezeigte Stellung erreichen, in der Partienliste zeigen
ex-finding = Wird gesucht…
ex-fen = Die Partien finden, die eine Stellung erreichen: ihre FEN
ex-fen-placeholder = FEN einer Stellung
summary = Übersicht
summary-title = Ergebnisse, Längen, Eröffnungen, Spieler und Dubletten der Datei

## Partie analysieren
review = Partie analysieren
review-analysing = Die Partie wird analysiert
review-progress = Stellung { $done } von { $total } wird analysiert
review-start = Partie analysieren
review-start-title = Jeden Zug der Hauptvariante bewerten: [%eval] und ?!-, ?- und ??-Zeichen, als eine Bearbeitung
review-budget = Zeit für jeden Zug
review-budget-01 = 0,1 s pro Zug
review-budget-03 = 0,3 s pro Zug
review-budget-3 = 3 s pro Zug
review-side = Seite
review-loss = Ø Verlust
review-loss-title = Durchschnittlicher Verlust in Hundertstelbauern pro Zug
review-inaccuracies = Ungenauigkeiten (?!)
review-mistakes = Fehler (?)
review-blunders = Grobe Fehler (??)

## Die Übersicht der Datei
sum = Übersicht der Datei
sum-close = Übersicht schließen
sum-results = { $games } Partien: Weiß gewann { $white } ({ $white-share }), remis { $draws } ({ $draws-share }), Schwarz gewann { $black } ({ $black-share }), andere { $other }
sum-length = Durchschnittliche Länge: { $moves } Züge
sum-lengths = Partien nach Länge (Züge)
sum-openings = Meistgespielte Eröffnungen
sum-players = Spieler mit den meisten Partien
sum-duplicates = Dubletten
sum-looking = Dubletten werden gesucht…
sum-dup-moves = { $games } Partien mit denselben Zügen ({ $groups } Gruppen)
sum-dup-whole = { $games } Partien mit denselben Tags und Zügen ({ $groups } Gruppen)

## Beim Lesen gefundene Probleme
diag = Beim Lesen gefundene Probleme
diag-heading = Beim Lesen gefundene Probleme: { $summary }
diag-where = { $file } Zeile { $line }, Spalte { $column }
diag-error = Fehler
diag-warning = Warnung
diag-fixed = behoben
diag-note = Alles bis zu jedem Fehler wird gezeigt; der Text danach bleibt erhalten und wird unverändert exportiert.
diag-errors-one = { $count } Fehler
diag-errors-other = { $count } Fehler
diag-repairs-one = { $count } Korrektur oder Warnung
diag-repairs-other = { $count } Korrekturen oder Warnungen

## Die Zugliste
moves-of = Züge: { $white } – { $black }
result-label = Ergebnis { $result }
fold-show-one = Variante { $first } zeigen ({ $count } Zug)
fold-show-other = Variante { $first } zeigen ({ $count } Züge)
fold-hide-one = Variante { $first } verbergen ({ $count } Zug)
fold-hide-other = Variante { $first } verbergen ({ $count } Züge)
fold-show-title = Diese Variante zeigen
fold-hide-title = Diese Variante verbergen
folded-one = ({ $first } … { $count } Zug)
folded-other = ({ $first } … { $count } Züge)
nags-more-one = { $count } weiteres Kommentarzeichen
nags-more-other = { $count } weitere Kommentarzeichen
and-more = , und { $more }
unplayed = Nicht als Züge verstanden: wie geschrieben behalten und unverändert exportiert
more-characters-one = { $count } weiteres Zeichen
more-characters-other = { $count } weitere Zeichen

## Buchdarstellung, Grafiken und Überschriften
book-earlier = Frühere Züge: zurückgehen, um sie zu sehen
book-later = Spätere Züge: weitergehen, um sie zu sehen
book-show-one = Eine Variante von { $count } Zug zeigen
book-show-other = Eine Variante von { $count } Zügen zeigen
book-hide-one = Eine Variante von { $count } Zug verbergen
book-hide-other = Eine Variante von { $count } Zügen verbergen
moves-one = { $count } Zug
moves-other = { $count } Züge
no-eval = Keine Bewertung
eval = Bewertung { $eval }
eval-graph = Bewertungsgrafik: der gezeigte Zug
clock-graph = Bedenkzeit pro Zug: der gezeigte Zug
opening = Eröffnung:
opening-title = Die Eröffnung der gezeigten Stellung
versus = gegen

## Die Analyse der Engine
analysis = Analyse
analysis-title = Die gezeigte Stellung mit Stockfish in diesem Browser analysieren (L)
analysis-play = Die Variante bis zu diesem Zug in die Partie übernehmen
analysis-starting = Startet…
analysis-depth = Tiefe { $depth }

## Hinweise, Dateien öffnen und Einfügen
dismiss = Ausblenden
restored = Ihre nicht gespeicherten Bearbeitungen von { $file } wurden wiederhergestellt.
restored-keep = Behalten
restored-discard = Bearbeitungen verwerfen
held-back = Movetext wurde durch einen internen Fehler angehalten, deshalb wurde die in diesem Browser gespeicherte Datei nicht wieder geöffnet. Ihre Bearbeitungen sind hier weiterhin gespeichert.
held-back-open = Wieder öffnen
paste-dialog = PGN einfügen
paste-text = PGN-Text
paste-placeholder = Eine oder mehrere Partien im PGN-Format hier einfügen
pasted-text = Eingefügter Text
dropped-text = Abgelegter Text
shared-game = Geteilte Partie
unload-warning = Ihre Bearbeitungen wurden nicht exportiert.
confirm-open = Ihre Bearbeitungen von { $file } wurden nicht exportiert (sie bleiben in diesem Browser gespeichert, bis eine andere Datei bearbeitet wird). Die neue Datei trotzdem öffnen?
no-games = In { $file } wurden keine Partien gefunden.
restore-failed = Die in diesem Browser gespeicherten Bearbeitungen konnten nicht gelesen werden: { $reason }
file-unreadable = { $file } konnte nicht gelesen werden: { $reason }.
no-file = Es wurde keine Datei angegeben.
url-invalid = „{ $url }“ ist keine gültige Adresse.
url-other-site = „{ $url }“ liegt auf einer anderen Website; per Adresse lassen sich nur Dateien von { $origin } öffnen.
url-not-fetched = { $url } konnte nicht abgerufen werden.
url-status = { $url }: Der Server antwortete { $status }.
url-unreadable = { $url } konnte nicht gelesen werden.
save-failed = Ihre Bearbeitungen konnten in diesem Browser nicht gespeichert werden ({ $reason }). Exportieren Sie sie, bevor Sie diese Seite verlassen.
ex-failed = Der Stellungsindex konnte nicht erstellt werden: { $reason }
ex-no-worker = kein Web Worker.
ex-worker-not-started = sein Worker ist nicht gestartet.
