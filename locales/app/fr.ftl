# Les mots de l'application : français.

## La page
language = Langue
board-region = Échiquier
game-region = Partie
moves-so-far = Coups joués jusqu'ici
drop-files = Déposez des fichiers PGN pour les ouvrir
games-reaching-move = parties atteignant la position après { $move }
games-reaching-start = parties atteignant la position initiale
games-reaching-fen = parties atteignant { $fen }
duplicates-moves = parties en { $groups } groupes aux mêmes coups
duplicates-tags-moves = parties en { $groups } groupes aux mêmes tags et coups
not-a-position = Pas une position : { $reason }
layout = Présentation de la liste des coups
layout-table = Tableau
layout-book = Livre
indexing = Lecture du fichier
indexing-progress = Lecture de { $file } : { $percent } % · { $games } parties
edit-bar = Édition
undo = Annuler
undo-title = Annuler (Ctrl+Z)
redo = Rétablir
redo-title = Rétablir (Ctrl+Y)
comment = Commentaire
comment-title = Commenter après le coup affiché (C)
tags = Tags
tags-title = Modifier les tags de la partie
new-game = Nouvelle partie
new-game-title = Une nouvelle partie, depuis la position initiale ou une position composée
image = Image
image-title = La position affichée en image SVG ou PNG
export = Exporter
export-title = Copier ou télécharger le PGN, copier la FEN

## La barre du haut
file-game-of = { $file } · partie { $game } sur { $games }
open = Ouvrir
open-title = Ouvrir des fichiers PGN (ou les déposer n'importe où sur la page)
open-files = Fichiers PGN à ouvrir
paste = Coller
paste-title = Coller du texte PGN (ou appuyer sur Ctrl+V n'importe où)
notation = Notation des coups
notation-fan = Figurines
notation-lan = Notation longue
dark-theme = Thème sombre
dark-theme-title = Basculer entre thème clair et thème sombre

## Commentaires et menu du coup
comment-game = Commentaire sur la partie (avant le premier coup)
comment-after = Commentaire après { $move }
comment-before = Commentaire avant { $move }
comment-text = Texte du commentaire
comment-brace = Un commentaire PGN ne peut pas contenir } : les accolades sont enregistrées comme des parenthèses.
comment-kept = Conservé avec le commentaire :
save = Enregistrer
save-title = Enregistrer (Ctrl+Entrée)
cancel = Annuler
close = Fermer
menu-start = Début de la partie
menu-edit = Modifier { $move }
menu-comment-after = Commentaire après…
menu-comment-before = Commentaire avant…
menu-promote = Promouvoir la variante
menu-main-line = En faire la ligne principale
menu-delete = Supprimer à partir d'ici
menu-nags = Symboles d'annotation

## Exporter
export-options = Options d'export
export-comments = Commentaires
export-commands = Commandes ([%clk], [%eval]…)
export-variations = Variantes
export-nags = NAG
export-reduced = Format d'export réduit
export-opening-tags = Remplir les tags ECO et Opening
export-cut = Le PGN de cette partie fait { $size } ; les premiers { $shown } sont affichés ici. « Copier le PGN » et « Télécharger la partie » donnent tout.
export-writing = Écriture de la partie entière… ses premières lignes sont affichées.
export-file = Télécharger le fichier :
export-every-game = toutes les parties
export-without-repeated-games = sans parties en double (mêmes tags et coups) : { $n } omises
export-without-repeated-moves = sans parties répétant les coups d'une autre : { $n } omises
export-text = PGN de la partie
export-download-file = Télécharger le fichier
print = Imprimer…
print-title = La partie mise en page pour l'impression, avec diagrammes
size-bytes = { $n } octets
size-kb = { $n } ko
size-mb = { $n } Mo

## Images et GIF animé
caption-start = début
image-dialog = Image de la position
image-options = Options de l'image
image-format = Format
image-gif = GIF animé (ligne principale)
image-width = Largeur
image-coordinates = Coordonnées
image-caption = Légende
image-preview = Aperçu : { $caption }
image-download = Télécharger l'image
image-copy = Copier l'image
image-svg-copied = SVG copié
image-png-copied = PNG copié
image-png-failed = Le PNG n'a pas pu être créé.
image-png-refused = Le navigateur n'a pas permis de copier le PNG.
gif = GIF animé
gif-options = Options de l'animation
gif-pace = Rythme
gif-pace-half = 0,5 s par coup
gif-pace-1 = 1 s par coup
gif-pace-2 = 2 s par coup
gif-pace-real-5 = Rythme réel × 5
gif-pace-real-20 = Rythme réel × 20
gif-from = De
gif-to = à
gif-frame = Image { $done } sur { $of }
gif-download = Télécharger le GIF ({ $positions } positions)
gif-made = GIF de { $positions } positions : { $kb } ko en { $seconds } s
gif-alt = Le GIF animé créé : { $positions } positions
gif-cancelled = Annulé
gif-failed = Le GIF n'a pas pu être créé : { $reason }.

## Impression
print-dialog = Imprimer la partie
print-diagrams = Diagrammes
print-marked = Diagrammes : après les coups marqués $201, $220 ou $221,
print-at-shown = après le coup affiché,
print-more = Autres diagrammes
print-none = aucun autre diagramme
print-every-10 = tous les 10 coups
print-every-20 = tous les 20 coups
print-every-30 = tous les 30 coups
print-view = La partie telle qu'elle sera imprimée
print-now = Imprimer
print-start = La position initiale
print-after = Après { $move }
print-diagram = Diagramme : { $position }

## Tags
tags-dialog = Tags de la partie
tag-name = Nom du tag
tag-name-placeholder = Nom
tag-value = Valeur du tag
tag-remove = Supprimer { $tag }
tag-twice = Le tag { $tag } figure deux fois.
tag-add = Ajouter un tag
tag-no-breaks = { $tag } ne peut pas contenir de sauts de ligne ni de tabulations.
tag-date = { $tag } s'écrit AAAA.MM.JJ, avec ?? pour les parties inconnues (par exemple 1992.11.??).
tag-round = Round est un nombre comme 3 ou 3.1, ? s'il est inconnu, ou - s'il ne s'applique pas.
tag-result = Result vaut 1-0, 0-1, 1/2-1/2, ou * pour une partie non terminée ou inconnue.
tag-elo = { $tag } est un classement en chiffres (ou - s'il n'y en a pas).
tag-needs-name = Un tag doit avoir un nom.
tag-name-letters = « { $tag } » : les noms de tags ne comportent que des lettres, des chiffres et _.
tag-position = { $tag } suit la position initiale : utilisez « Nouvelle partie » pour le changer.

## Une nouvelle partie
setup-board = Position en cours de composition : cliquez sur une case pour y placer la pièce choisie
setup-pieces = Pièces à placer
setup-eraser = Gomme : vider une case
setup-empty = Échiquier vide
setup-ep = Case de prise en passant
setup-ep-example = p. ex. e3
setup-find = Trouver les parties
setup-find-title = Afficher les parties du fichier ouvert qui atteignent cette position
setup-create = Créer la partie
setup-turn = Trait
setup-castling = Roque
setup-white-short = Blancs O-O
setup-white-long = Blancs O-O-O
setup-black-short = Noirs O-O
setup-black-long = Noirs O-O-O
setup-960-game = Partie Chess960
setup-960-number = Numéro de la position initiale (0–959)
setup-960-use = Utiliser ce numéro
setup-960-random = Au hasard
setup-960-position = Position Chess960 { $n }
piece-white-king = Roi blanc
piece-white-queen = Dame blanche
piece-white-rook = Tour blanche
piece-white-bishop = Fou blanc
piece-white-knight = Cavalier blanc
piece-white-pawn = Pion blanc
piece-black-king = Roi noir
piece-black-queen = Dame noire
piece-black-rook = Tour noire
piece-black-bishop = Fou noir
piece-black-knight = Cavalier noir
piece-black-pawn = Pion noir

## La liste des parties
game-list = Parties du fichier
games-table = Parties
game-rows = Lignes des parties : les flèches haut et bas ouvrent la partie précédente ou suivante
filter = Filtrer les parties
filter-placeholder = Filtre : joueur, tournoi, date…
filtering = Filtrage…
sorting = Tri…
sort = Trier les parties par
sort-by = Trier par { $column }
sort-file = Ordre du fichier
sort-standard = Ordre habituel (date, tournoi, ronde)
sort-white-elo = Elo des Blancs
sort-black-elo = Elo des Noirs
column-result = Résultat
column-result-short = Rés.
column-event = Tournoi
column-date = Date
column-moves = Coups
column-moves-short = Cps
column-problems = Problèmes
games-shown = { $shown } parties sur { $total }
show-all = Tout afficher
show-all-title = Afficher toutes les parties du fichier
edited = Modifiée
games-one = { $count } partie
games-other = { $count } parties
game-problems-one = { $count } problème trouvé à la lecture
game-problems-other = { $count } problèmes trouvés à la lecture

## Deviner le coup
training = Deviner le coup
training-of = Deviner les coups des
training-white = Deviner les coups des Blancs
training-white-title = Jouer les coups des Blancs à partir d'ici ; les coups à venir sont cachés
training-black = Deviner les coups des Noirs
training-black-title = Jouer les coups des Noirs à partir d'ici ; les coups à venir sont cachés
training-your-move-white = À vous de jouer avec les Blancs : jouez le coup sur l'échiquier.
training-your-move-black = À vous de jouer avec les Noirs : jouez le coup sur l'échiquier.
training-right = Exact : { $move }
training-wrong = { $move } n'est pas le coup de la partie. Réessayez.
training-hint-square = Indice : la pièce en { $square } bouge.
training-revealed = La partie a continué par { $move }.
training-done = La partie se termine ici.
training-score = { $right } sur { $total } trouvés
training-hint = Indice
training-show = Montrer le coup
training-stop = Arrêter
guess-cost = Votre coup : { $cost } par rapport au coup de la partie (moteur)
guess-comparing = Le moteur compare votre coup à celui de la partie…
engine-not-started = Le moteur n'a pas pu démarrer.
engine-not-loaded = Le moteur n'a pas pu être chargé.
engine-no-eval = Le moteur n'a donné aucune évaluation.

## L'explorateur
explorer = Explorateur
ex-indexing = Indexation des positions
ex-indexing-progress = Indexation des positions : { $percent } % · { $workers } workers
ex-play = Jouer ce coup
ex-move = Coup
ex-results = Blancs / nulle / Noirs
ex-all = Tous
ex-white-wins = Gain des Blancs { $percent } %
ex-draws = Nulles { $percent } %
ex-black-wins = Gain des Noirs { $percent } %
ex-looking = Recherche…
ex-figures = { $games } parties · { $positions } positions
ex-games = Parties ({ $games })
ex-games-title = Afficher dans la liste les parties qui atteignent la position affichée
ex-finding = Recherche…
ex-fen = Trouver les parties qui atteignent une position : sa FEN
ex-fen-placeholder = FEN d'une position
summary = Résumé
summary-title = Résultats, longueurs, ouvertures, joueurs et doublons du fichier

## Analyser la partie
review = Analyser la partie
review-analysing = Analyse de la partie
review-progress = Analyse de la position { $done } sur { $total }
review-start = Analyser la partie
review-start-title = Évaluer chaque coup de la ligne principale : [%eval] et marques ?!, ?, ??, en une seule modification
review-budget = Temps par coup
review-budget-01 = 0,1 s par coup
review-budget-03 = 0,3 s par coup
review-budget-3 = 3 s par coup
review-side = Camp
review-loss = Perte moy.
review-loss-title = Perte moyenne en centipions par coup
review-inaccuracies = Imprécisions (?!)
review-mistakes = Erreurs (?)
review-blunders = Gaffes (??)

## Le résumé du fichier
sum = Résumé du fichier
sum-close = Fermer le résumé
sum-results = { $games } parties : gain des Blancs { $white } ({ $white-share }), nulles { $draws } ({ $draws-share }), gain des Noirs { $black } ({ $black-share }), autres { $other }
sum-length = Longueur moyenne : { $moves } coups
sum-lengths = Parties par longueur (coups)
sum-openings = Ouvertures les plus jouées
sum-players = Joueurs ayant le plus de parties
sum-duplicates = Doublons
sum-looking = Recherche des doublons…
sum-dup-moves = { $games } parties aux mêmes coups ({ $groups } groupes)
sum-dup-whole = { $games } parties aux mêmes tags et coups ({ $groups } groupes)

## Problèmes trouvés à la lecture
diag = Problèmes trouvés à la lecture
diag-heading = Problèmes trouvés à la lecture : { $summary }
diag-where = { $file } ligne { $line }, colonne { $column }
diag-error = erreur
diag-warning = avertissement
diag-fixed = corrigé
diag-note = Tout ce qui précède chaque erreur est affiché ; le texte qui suit est conservé et exporté tel quel.
diag-errors-one = { $count } erreur
diag-errors-other = { $count } erreurs
diag-repairs-one = { $count } correction ou avertissement
diag-repairs-other = { $count } corrections ou avertissements

## La liste des coups
moves-of = Coups : { $white } – { $black }
result-label = résultat { $result }
fold-show-one = Afficher la variante { $first } ({ $count } coup)
fold-show-other = Afficher la variante { $first } ({ $count } coups)
fold-hide-one = Masquer la variante { $first } ({ $count } coup)
fold-hide-other = Masquer la variante { $first } ({ $count } coups)
fold-show-title = Afficher cette variante
fold-hide-title = Masquer cette variante
folded-one = ({ $first } … { $count } coup)
folded-other = ({ $first } … { $count } coups)
nags-more-one = { $count } autre symbole d'annotation
nags-more-other = { $count } autres symboles d'annotation
and-more = , et { $more }
unplayed = Non compris comme des coups : conservé tel quel et exporté sans changement
more-characters-one = { $count } caractère de plus
more-characters-other = { $count } caractères de plus

## Présentation en livre, graphiques et titres
book-earlier = Coups précédents : reculez pour les voir
book-later = Coups suivants : avancez pour les voir
book-show-one = Afficher une variante de { $count } coup
book-show-other = Afficher une variante de { $count } coups
book-hide-one = Masquer une variante de { $count } coup
book-hide-other = Masquer une variante de { $count } coups
moves-one = { $count } coup
moves-other = { $count } coups
no-eval = Pas d'évaluation
eval = Évaluation { $eval }
eval-graph = Graphique d'évaluation : le coup affiché
clock-graph = Temps utilisé par coup : le coup affiché
opening = Ouverture :
opening-title = L'ouverture de la position affichée
versus = contre

## L'analyse du moteur
analysis = Analyse
analysis-title = Analyser la position affichée avec Stockfish, dans ce navigateur (L)
analysis-play = Jouer la ligne jusqu'à ce coup dans la partie
analysis-starting = Démarrage…
analysis-depth = Profondeur { $depth }

## Avis, ouverture de fichiers et collage
dismiss = Fermer
restored = Vos modifications non enregistrées de { $file } ont été restaurées.
restored-keep = Les garder
restored-discard = Abandonner les modifications
held-back = Movetext s'est arrêté sur une erreur interne : le fichier enregistré dans ce navigateur n'a donc pas été rouvert. Ses modifications restent conservées ici.
held-back-open = Le rouvrir
paste-dialog = Coller du PGN
paste-text = Texte PGN
paste-placeholder = Collez ici une ou plusieurs parties au format PGN
pasted-text = Texte collé
dropped-text = Texte déposé
shared-game = Partie partagée
unload-warning = Vos modifications n'ont pas été exportées.
confirm-open = Vos modifications de { $file } n'ont pas été exportées (elles restent enregistrées dans ce navigateur jusqu'à ce qu'un autre fichier soit modifié). Ouvrir quand même le nouveau fichier ?
no-games = Aucune partie trouvée dans { $file }.
restore-failed = Les modifications enregistrées dans ce navigateur n'ont pas pu être relues : { $reason }
file-unreadable = { $file } n'a pas pu être lu : { $reason }.
no-file = Aucun fichier n'a été donné.
url-invalid = « { $url } » n'est pas une adresse valide.
url-other-site = « { $url } » est sur un autre site ; seuls les fichiers de { $origin } peuvent être ouverts par adresse.
url-not-fetched = { $url } n'a pas pu être récupéré.
url-status = { $url } : le serveur a répondu { $status }.
url-unreadable = { $url } n'a pas pu être lu.
save-failed = Vos modifications n'ont pas pu être conservées dans ce navigateur ({ $reason }). Exportez-les avant de quitter cette page.
ex-failed = L'index des positions n'a pas pu être construit : { $reason }
ex-no-worker = pas de Web Worker.
ex-worker-not-started = son worker n'a pas démarré.
