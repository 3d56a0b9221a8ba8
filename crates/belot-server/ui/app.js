// belot score keeper: one page, no framework. Every text a user typed is
// put in the page with textContent, never as HTML.
"use strict";

const T = {
  en: { moreRules: "More rules", dealerCol: "Dealer", lang: "Language", newGame: "New game", game: "Game", variant: "Game", french: "French Belote", two_player: "Two-player Belot (1001)", three_player: "Three-player Belot (501)", players: "Players", teams: "Teams: seats 1 & 3 against 2 & 4", nPlayers: "Number of players", name: "Name of the game", player: "Player", dealer: "First dealer", target: "Target", rules: "House rules", create: "Start", newDeal: "New deal", taker: "Who took?", loader: "Who ordered?", declarer: "Declarer", points: "Card points (last trick included)", of: "of", announcements: "Announcements", capot: "Capot", belote: "Belote", none: "none", save: "Save deal", update: "Save changes", cancel: "Cancel", thrownIn: "Thrown in", redeal: "Redeal (four 7s / 8s)", undo: "Undo last deal", redo: "Put it back", undoChange: "Undo last change", tookBack: "Deal {n} taken back", history: "Deals", deal: "Deal", contract: "Contract", outcome: "Outcome", held: "Held", totals: "Totals", nextDealer: "Next dealer", waiting: "Points waiting", winner: "Winner", delete: "Delete", restore: "Restore", share: "Share", editLink: "Link for the players (can edit)", viewLink: "Read-only link", export: "Export", chart: "Scores over the deals", raspasy: "All pass (распасы)", constructions: "Constructions", belas: "Bela", lastTrick: "Last trick", capo: "No trick (capo)", combinations: "Combinations", belot: "Belot", readonly: "Read-only: watching the game", live: "live", offline: "offline, reconnecting…", stale: "Changed on another phone: check the deals, then save again.", made: "made", dedans: "dedans", litige: "litige", bait: "bait", tie: "tie", failed: "failed", thrown: "thrown in", after: "after the end", deleted: "deleted", edit: "Edit", clear: "Clear", backspace: "Delete the last digit", keypad: "Keypad", sideOf: "side", needTaker: "Choose who took.", needPoints: "Type the card points of one side.", pointsRange: "Card points of a side are 0 to 162.", offlineSave: "Not sent: the server cannot be reached. Nothing was lost: try again when the connection is back.", serverBusy: "The server is busy: nothing was changed. Try again in a moment.", gameOver: "Game over", rematch: "Rematch", myGames: "Games on this phone", forget: "Forget", keypadFor: "Keypad types into: {s}", more: "Announcements, capot", saved: "Deal {n} saved", reachLocal: "The server listens on this machine only: the other phones cannot open these links. To let the phones on your network in, restart it with belot serve --addr 0.0.0.0:{port}", reachNone: "This machine has no network address the other phones can use: connect it to the same Wi-Fi as the phones.", capoNote: "In a capo deal the last trick's 10 is not scored: type the points as counted, the app takes the 10 off.", queued: "Saved on this phone: it goes to the server as soon as it answers.", notSent: "Not yet sent", discard: "Discard", offlineCopy: "No connection: the game as this phone last saw it.", changeSetup: "Players and house rules", err_card_points: "Card points {points} cannot be: a side has 0 to {total}, never 1 or {total-1}.", err_card_points_missing: "Type the card points of all sides but one.", err_card_points_range: "Card points are 0 to {total} for each.", err_card_points_sum: "The card points add up to {sum}: at most {total}.", err_announcement_points: "{points|one=announcement point|other=announcement points} cannot be made: announcements are 20, 50, 100, 150 or 200.", err_capot_other_points: "{side} made capot, so {other} took no card points: leave them empty.", err_no_such_side: "There is no such side.", err_no_such_seat: "There is no such player.", err_deal_deleted: "Deal {deal} is deleted: restore it before editing.", err_no_such_deal: "There is no such deal.", err_nothing_to_take_back: "There is no deal to take back.", err_nothing_to_put_back: "No deal was taken back.", err_nothing_to_undo: "Nothing to undo.", err_nothing_to_redo: "Nothing to redo.", err_same_game: "The game and the number of players stay as they were: start a new game for another." },
  fr: { dealerCol: "Donneur", lang: "Langue", newGame: "Nouvelle partie", game: "Partie", variant: "Jeu", french: "Belote", two_player: "Belote à deux (1001)", three_player: "Belote à trois (501)", players: "Joueurs", teams: "Équipes : places 1 et 3 contre 2 et 4", nPlayers: "Nombre de joueurs", name: "Nom de la partie", player: "Joueur", dealer: "Premier donneur", target: "Objectif", rules: "Règles de la table", create: "Commencer", newDeal: "Nouvelle donne", taker: "Qui a pris ?", loader: "Qui a commandé ?", declarer: "Preneur", points: "Points (dix de der compris)", of: "de", announcements: "Annonces", capot: "Capot", belote: "Belote", none: "aucun", save: "Enregistrer", update: "Enregistrer les changements", cancel: "Annuler", thrownIn: "Donne annulée", redeal: "Redonne (quatre 7 / 8)", undo: "Retirer la dernière donne", redo: "Remettre", undoChange: "Annuler la dernière modification", tookBack: "Donne {n} retirée", history: "Donnes", deal: "Donne", contract: "Contrat", outcome: "Résultat", held: "En attente", totals: "Totaux", nextDealer: "Prochain donneur", waiting: "Points en attente", winner: "Gagnant", delete: "Supprimer", restore: "Restaurer", share: "Partager", editLink: "Lien des joueurs (modifiable)", viewLink: "Lien en lecture seule", export: "Exporter", chart: "Scores au fil des donnes", raspasy: "Tous passent", constructions: "Combinaisons", belas: "Belote", lastTrick: "Dernier pli", capo: "Aucun pli (capot)", combinations: "Combinaisons", belot: "Belote", readonly: "Lecture seule", live: "en direct", offline: "hors ligne, reconnexion…", stale: "Modifié sur un autre téléphone : vérifiez puis enregistrez à nouveau.", made: "faite", dedans: "dedans", litige: "litige", bait: "chute", tie: "égalité", failed: "chute", thrown: "annulée", after: "après la fin", deleted: "supprimée", edit: "Modifier", clear: "Effacer", backspace: "Effacer le dernier chiffre", keypad: "Pavé numérique", sideOf: "camp", needTaker: "Choisissez qui a pris.", needPoints: "Saisissez les points d'un camp.", pointsRange: "Les points d'un camp vont de 0 à 162.", offlineSave: "Non envoyé : le serveur est injoignable. Rien n'est perdu : réessayez quand la connexion revient.", serverBusy: "Le serveur est occupé : rien n'a changé. Réessayez dans un instant.", gameOver: "Partie terminée", rematch: "Revanche", myGames: "Parties sur ce téléphone", forget: "Oublier", keypadFor: "Le pavé saisit pour : {s}", more: "Annonces, capot", saved: "Donne {n} enregistrée", reachLocal: "Le serveur n'écoute que sur cet appareil : les autres téléphones ne peuvent pas ouvrir ces liens. Pour les téléphones de votre réseau, relancez-le avec belot serve --addr 0.0.0.0:{port}", reachNone: "Cet appareil n'a aucune adresse réseau utilisable par les autres téléphones : connectez-le au même Wi-Fi qu'eux.", capoNote: "Avec un capo, le dix de der ne compte pas : saisissez les points comptés, l'appli retire le 10.", queued: "Enregistré sur ce téléphone : envoyé au serveur dès qu'il répond.", notSent: "Pas encore envoyé", discard: "Abandonner", offlineCopy: "Pas de connexion : la partie telle que ce téléphone l'a vue en dernier.", changeSetup: "Joueurs et règles de la table", err_card_points: "{points|one=point|other=points}, c'est impossible : un camp a de 0 à {total}, jamais 1 ni {total-1}.", err_card_points_missing: "Saisissez les points de tous les camps sauf un.", err_card_points_range: "Les points vont de 0 à {total} pour chacun.", err_card_points_sum: "Les points font {sum} en tout : {total} au plus.", err_announcement_points: "{points|one=point|other=points} d'annonces, c'est impossible : les annonces valent 20, 50, 100, 150 ou 200.", err_capot_other_points: "{side} a fait capot, donc {other} n'a aucun point : laissez vide.", err_no_such_side: "Ce camp n'existe pas.", err_no_such_seat: "Ce joueur n'existe pas.", err_deal_deleted: "La donne {deal} est supprimée : restaurez-la avant de la modifier.", err_no_such_deal: "Cette donne n'existe pas.", err_nothing_to_take_back: "Aucune donne à retirer.", err_nothing_to_put_back: "Aucune donne n'a été retirée.", err_nothing_to_undo: "Rien à annuler.", err_nothing_to_redo: "Rien à rétablir.", err_same_game: "Le jeu et le nombre de joueurs ne changent pas : commencez une nouvelle partie pour cela." },
  bg: { dealerCol: "Раздава", lang: "Език", newGame: "Нова игра", game: "Игра", variant: "Игра", french: "Френски белот", two_player: "Белот за двама (1001)", three_player: "Белот за трима (501)", players: "Играчи", teams: "Отбори: места 1 и 3 срещу 2 и 4", nPlayers: "Брой играчи", name: "Име на играта", player: "Играч", dealer: "Първи раздаващ", target: "Цел", rules: "Правила на масата", create: "Започни", newDeal: "Нова раздача", taker: "Кой взе коза?", loader: "Кой обяви?", declarer: "Играч", points: "Точки (с последната взятка)", of: "на", announcements: "Анонси", capot: "Капот", belote: "Белот", none: "няма", save: "Запиши", update: "Запиши промените", cancel: "Отказ", thrownIn: "Хвърлени карти", redeal: "Преразпределяне", undo: "Отмени последната раздача", redo: "Върни я", undoChange: "Отмени последната промяна", tookBack: "Раздача {n} е отменена", history: "Раздачи", deal: "Раздача", contract: "Договор", outcome: "Резултат", held: "Чакат", totals: "Общо", nextDealer: "Следващ раздаващ", waiting: "Чакащи точки", winner: "Победител", delete: "Изтрий", restore: "Възстанови", share: "Сподели", editLink: "Връзка за играчите (с промени)", viewLink: "Връзка само за гледане", export: "Експорт", chart: "Резултат по раздачи", raspasy: "Всички пас", constructions: "Комбинации", belas: "Белот", lastTrick: "Последна взятка", capo: "Без взятка", combinations: "Комбинации", belot: "Белот", readonly: "Само за гледане", live: "на живо", offline: "без връзка…", stale: "Променено от друг телефон: проверете и въведете отново.", made: "изкарана", dedans: "вътре", litige: "литиж", bait: "вътре", tie: "равно", failed: "вътре", thrown: "хвърлена", after: "след края", deleted: "изтрита", edit: "Промени", clear: "Изчисти", backspace: "Изтрий последната цифра", keypad: "Цифрова клавиатура", sideOf: "отбор", needTaker: "Изберете кой взе.", needPoints: "Въведете точките на единия отбор.", pointsRange: "Точките на отбор са от 0 до 162.", offlineSave: "Не е изпратено: няма връзка със сървъра. Нищо не е загубено: опитайте отново, когато връзката се върне.", serverBusy: "Сървърът е зает: нищо не е променено. Опитайте след малко.", gameOver: "Играта свърши", rematch: "Реванш", myGames: "Игри на този телефон", forget: "Забрави", keypadFor: "Клавиатурата пише за: {s}", more: "Анонси, капот", saved: "Раздача {n} е записана", reachLocal: "Сървърът слуша само на това устройство: другите телефони не могат да отворят тези връзки. За да се свържат телефоните от вашата мрежа, стартирайте го отново с belot serve --addr 0.0.0.0:{port}", reachNone: "Това устройство няма мрежов адрес, който другите телефони да използват: свържете го към същата Wi-Fi мрежа като тях.", capoNote: "При капо 10-те точки за последната взятка не се броят: въведете точките, както са преброени, приложението маха 10-те.", queued: "Записано на този телефон: ще се изпрати, щом сървърът отговори.", notSent: "Още не е изпратено", discard: "Откажи", offlineCopy: "Няма връзка: играта, както този телефон я видя последно.", changeSetup: "Играчи и правила на масата", err_card_points: "{points|one=точка|other=точки} не може: един отбор има от 0 до {total}, никога 1 или {total-1}.", err_card_points_missing: "Въведете точките на всички отбори без един.", err_card_points_range: "Точките са от 0 до {total} за всеки.", err_card_points_sum: "Точките са общо {sum}: най-много {total}.", err_announcement_points: "{points|one=точка|other=точки} от анонси не може: анонсите са 20, 50, 100, 150 или 200.", err_capot_other_points: "{side} направиха капот, значи {other} нямат точки: оставете празно.", err_no_such_side: "Няма такъв отбор.", err_no_such_seat: "Няма такъв играч.", err_deal_deleted: "Раздача {deal} е изтрита: възстановете я, преди да я промените.", err_no_such_deal: "Няма такава раздача.", err_nothing_to_take_back: "Няма раздача за отменяне.", err_nothing_to_put_back: "Няма отменена раздача.", err_nothing_to_undo: "Няма какво да се отмени.", err_nothing_to_redo: "Няма какво да се повтори.", err_same_game: "Играта и броят играчи остават същите: за друга започнете нова игра." },
  ru: { dealerCol: "Сдаёт", lang: "Язык", newGame: "Новая игра", game: "Игра", variant: "Игра", french: "Французский белот", two_player: "Белот вдвоём (1001)", three_player: "Белот втроём (501)", players: "Игроки", teams: "Команды: места 1 и 3 против 2 и 4", nPlayers: "Число игроков", name: "Название", player: "Игрок", dealer: "Первый сдающий", target: "До", rules: "Правила стола", create: "Начать", newDeal: "Новая сдача", taker: "Кто взял козырь?", loader: "Кто заказал?", declarer: "Играющий", points: "Очки (с последней взяткой)", of: "у", announcements: "Объявления", capot: "Капот", belote: "Бела", none: "нет", save: "Записать", update: "Сохранить", cancel: "Отмена", thrownIn: "Пересдача", redeal: "Пересдача (четыре 7 / 8)", undo: "Отменить последнюю сдачу", redo: "Вернуть её", undoChange: "Отменить последнее изменение", tookBack: "Сдача {n} отменена", history: "Сдачи", deal: "Сдача", contract: "Игра", outcome: "Итог", held: "Висят", totals: "Итого", nextDealer: "Следующим сдаёт", waiting: "Висячие очки", winner: "Победитель", delete: "Удалить", restore: "Вернуть", share: "Поделиться", editLink: "Ссылка для игроков (с правкой)", viewLink: "Ссылка для просмотра", export: "Экспорт", chart: "Очки по сдачам", raspasy: "Распасы", constructions: "Конструкции", belas: "Бела", lastTrick: "Последняя взятка", capo: "Без взяток (капо)", combinations: "Комбинации", belot: "Белот", readonly: "Только просмотр", live: "онлайн", offline: "нет связи, переподключение…", stale: "Изменено на другом телефоне: проверьте и введите снова.", made: "сыграна", dedans: "внутри", litige: "ничья", bait: "байт", tie: "ничья", failed: "не сыграна", thrown: "пересдача", after: "после конца", deleted: "удалена", edit: "Изменить", clear: "Сброс", backspace: "Стереть последнюю цифру", keypad: "Цифровая клавиатура", sideOf: "команда", needTaker: "Выберите, кто взял.", needPoints: "Введите очки одной команды.", pointsRange: "Очки команды — от 0 до 162.", offlineSave: "Не отправлено: нет связи с сервером. Ничего не потеряно: повторите, когда связь вернётся.", serverBusy: "Сервер занят: ничего не изменилось. Повторите чуть позже.", gameOver: "Игра окончена", rematch: "Реванш", myGames: "Игры на этом телефоне", forget: "Забыть", keypadFor: "Клавиатура вводит для: {s}", more: "Объявления, капот", saved: "Сдача {n} записана", reachLocal: "Сервер доступен только на этом устройстве: другие телефоны не откроют эти ссылки. Чтобы подключились телефоны из вашей сети, перезапустите его командой belot serve --addr 0.0.0.0:{port}", reachNone: "У этого устройства нет сетевого адреса, доступного другим телефонам: подключите его к той же сети Wi-Fi, что и телефоны.", capoNote: "При капо 10 очков за последнюю взятку не считаются: введите очки как посчитали, приложение снимет 10.", queued: "Сохранено на этом телефоне: уйдёт на сервер, как только он ответит.", notSent: "Ещё не отправлено", discard: "Отбросить", offlineCopy: "Нет связи: игра, какой этот телефон видел её в последний раз.", changeSetup: "Игроки и правила стола", err_card_points: "{points|one=очко|few=очка|many=очков|other=очка} быть не может: у команды от 0 до {total}, но не 1 и не {total-1}.", err_card_points_missing: "Введите очки всех команд, кроме одной.", err_card_points_range: "Очки — от 0 до {total} у каждого.", err_card_points_sum: "Очков в сумме {sum}: не больше {total}.", err_announcement_points: "{points|one=очко|few=очка|many=очков|other=очка} объявлений быть не может: объявления стоят 20, 50, 100, 150 или 200.", err_capot_other_points: "{side} сделали капот, значит у {other} нет очков: оставьте пусто.", err_no_such_side: "Такой команды нет.", err_no_such_seat: "Такого игрока нет.", err_deal_deleted: "Сдача {deal} удалена: верните её, прежде чем изменять.", err_no_such_deal: "Такой сдачи нет.", err_nothing_to_take_back: "Нет сдачи для отмены.", err_nothing_to_put_back: "Ни одна сдача не отменена.", err_nothing_to_undo: "Нечего отменять.", err_nothing_to_redo: "Нечего возвращать.", err_same_game: "Игра и число игроков не меняются: для другой начните новую игру." },
  uk: { dealerCol: "Здає", lang: "Мова", newGame: "Нова гра", game: "Гра", variant: "Гра", french: "Французький белот", two_player: "Белот удвох (1001)", three_player: "Белот утрьох (501)", players: "Гравці", teams: "Команди: місця 1 і 3 проти 2 і 4", nPlayers: "Кількість гравців", name: "Назва", player: "Гравець", dealer: "Перший, хто здає", target: "До", rules: "Правила столу", create: "Почати", newDeal: "Нова роздача", taker: "Хто взяв козир?", loader: "Хто замовив?", declarer: "Той, хто грає", points: "Очки (з останньою взяткою)", of: "у", announcements: "Оголошення", capot: "Капот", belote: "Бела", none: "немає", save: "Записати", update: "Зберегти", cancel: "Скасувати", thrownIn: "Перездача", redeal: "Перездача (чотири 7 / 8)", undo: "Скасувати останню роздачу", redo: "Повернути її", undoChange: "Скасувати останню зміну", tookBack: "Роздачу {n} скасовано", history: "Роздачі", deal: "Роздача", contract: "Гра", outcome: "Підсумок", held: "Висять", totals: "Разом", nextDealer: "Наступним здає", waiting: "Висячі очки", winner: "Переможець", delete: "Видалити", restore: "Відновити", share: "Поділитися", editLink: "Посилання для гравців (з правками)", viewLink: "Посилання для перегляду", export: "Експорт", chart: "Очки за роздачами", raspasy: "Распаси", constructions: "Конструкції", belas: "Бела", lastTrick: "Остання взятка", capo: "Без взяток (капо)", combinations: "Комбінації", belot: "Белот", readonly: "Лише перегляд", live: "онлайн", offline: "немає зв'язку…", stale: "Змінено на іншому телефоні: перевірте і введіть знову.", made: "зіграна", dedans: "всередині", litige: "нічия", bait: "байт", tie: "нічия", failed: "не зіграна", thrown: "перездача", after: "після кінця", deleted: "видалена", edit: "Змінити", clear: "Скинути", backspace: "Стерти останню цифру", keypad: "Цифрова клавіатура", sideOf: "команда", needTaker: "Виберіть, хто взяв.", needPoints: "Введіть очки однієї команди.", pointsRange: "Очки команди — від 0 до 162.", offlineSave: "Не надіслано: немає зв'язку із сервером. Нічого не втрачено: повторіть, коли зв'язок повернеться.", serverBusy: "Сервер зайнятий: нічого не змінилося. Повторіть трохи згодом.", gameOver: "Гру завершено", rematch: "Реванш", myGames: "Ігри на цьому телефоні", forget: "Забути", keypadFor: "Клавіатура вводить для: {s}", more: "Оголошення, капот", saved: "Роздачу {n} записано", reachLocal: "Сервер доступний лише на цьому пристрої: інші телефони не відкриють ці посилання. Щоб підключилися телефони з вашої мережі, перезапустіть його командою belot serve --addr 0.0.0.0:{port}", reachNone: "Цей пристрій не має мережевої адреси, доступної іншим телефонам: підключіть його до тієї ж мережі Wi-Fi, що й телефони.", capoNote: "При капо 10 очок за останню взятку не рахуються: введіть очки, як порахували, застосунок зніме 10.", queued: "Збережено на цьому телефоні: піде на сервер, щойно він відповість.", notSent: "Ще не надіслано", discard: "Відкинути", offlineCopy: "Немає зв'язку: гра, якою цей телефон бачив її востаннє.", changeSetup: "Гравці та правила столу", err_card_points: "{points|one=очко|few=очки|many=очок|other=очка} бути не може: у команди від 0 до {total}, але не 1 і не {total-1}.", err_card_points_missing: "Введіть очки всіх команд, крім однієї.", err_card_points_range: "Очки — від 0 до {total} у кожного.", err_card_points_sum: "Очок разом {sum}: не більше {total}.", err_announcement_points: "{points|one=очко|few=очки|many=очок|other=очка} оголошень бути не може: оголошення варті 20, 50, 100, 150 або 200.", err_capot_other_points: "{side} зробили капот, отже в {other} немає очок: залиште порожнім.", err_no_such_side: "Такої команди немає.", err_no_such_seat: "Такого гравця немає.", err_deal_deleted: "Роздачу {deal} видалено: відновіть її, перш ніж змінювати.", err_no_such_deal: "Такої роздачі немає.", err_nothing_to_take_back: "Немає роздачі для скасування.", err_nothing_to_put_back: "Жодну роздачу не скасовано.", err_nothing_to_undo: "Нічого скасовувати.", err_nothing_to_redo: "Нічого повертати.", err_same_game: "Гра й кількість гравців не змінюються: для іншої почніть нову гру." },
  ro: { dealerCol: "Împarte", lang: "Limba", newGame: "Joc nou", game: "Joc", variant: "Joc", french: "Belote franceză", two_player: "Belot în doi (1001)", three_player: "Belot în trei (501)", players: "Jucători", teams: "Echipe: locurile 1 și 3 contra 2 și 4", nPlayers: "Număr de jucători", name: "Numele jocului", player: "Jucător", dealer: "Primul care împarte", target: "Țintă", rules: "Regulile mesei", create: "Începe", newDeal: "Mână nouă", taker: "Cine a luat atuul?", loader: "Cine a comandat?", declarer: "Jucătorul", points: "Puncte (cu ultima levată)", of: "la", announcements: "Anunțuri", capot: "Capot", belote: "Belot", none: "niciunul", save: "Salvează", update: "Salvează modificările", cancel: "Renunță", thrownIn: "Mână anulată", redeal: "Reîmpărțire (patru de 7 / 8)", undo: "Anulează ultima mână", redo: "Pune-o înapoi", undoChange: "Anulează ultima modificare", tookBack: "Mâna {n} a fost anulată", history: "Mâini", deal: "Mână", contract: "Contract", outcome: "Rezultat", held: "În așteptare", totals: "Total", nextDealer: "Urmează să împartă", waiting: "Puncte în așteptare", winner: "Câștigător", delete: "Șterge", restore: "Restaurează", share: "Distribuie", editLink: "Link pentru jucători (cu modificări)", viewLink: "Link doar pentru vizualizare", export: "Export", chart: "Scorul pe mâini", raspasy: "Toți pas", constructions: "Combinații", belas: "Belot", lastTrick: "Ultima levată", capo: "Fără levată (capo)", combinations: "Combinații", belot: "Belot", readonly: "Doar vizualizare", live: "în direct", offline: "deconectat, reconectare…", stale: "Modificat pe alt telefon: verificați și introduceți din nou.", made: "făcută", dedans: "căzută", litige: "egalitate", bait: "căzută", tie: "egalitate", failed: "căzută", thrown: "anulată", after: "după final", deleted: "ștearsă", edit: "Modifică", clear: "Șterge", backspace: "Șterge ultima cifră", keypad: "Tastatură numerică", sideOf: "echipa", needTaker: "Alegeți cine a luat.", needPoints: "Introduceți punctele unei echipe.", pointsRange: "Punctele unei echipe sunt între 0 și 162.", offlineSave: "Netrimis: serverul nu poate fi contactat. Nu s-a pierdut nimic: încercați din nou când revine conexiunea.", serverBusy: "Serverul este ocupat: nu s-a schimbat nimic. Încercați din nou peste puțin timp.", gameOver: "Joc terminat", rematch: "Revanșă", myGames: "Jocuri pe acest telefon", forget: "Uită", keypadFor: "Tastatura scrie pentru: {s}", more: "Anunțuri, capot", saved: "Mâna {n} a fost salvată", reachLocal: "Serverul ascultă doar pe acest dispozitiv: celelalte telefoane nu pot deschide aceste linkuri. Ca să se poată conecta telefoanele din rețeaua dvs., reporniți-l cu belot serve --addr 0.0.0.0:{port}", reachNone: "Acest dispozitiv nu are o adresă de rețea pe care celelalte telefoane să o poată folosi: conectați-l la aceeași rețea Wi-Fi ca ele.", capoNote: "La capo, cele 10 puncte ale ultimei levate nu se punctează: introduceți punctele numărate, aplicația scade cele 10.", queued: "Salvat pe acest telefon: pleacă la server imediat ce răspunde.", notSent: "Încă netrimis", discard: "Renunță la el", offlineCopy: "Fără conexiune: jocul așa cum l-a văzut ultima dată acest telefon.", changeSetup: "Jucătorii și regulile mesei", err_card_points: "{points|one=punct|few=puncte|other=de puncte} nu se poate: o echipă are între 0 și {total}, niciodată 1 sau {total-1}.", err_card_points_missing: "Introduceți punctele tuturor echipelor, în afară de una.", err_card_points_range: "Punctele sunt între 0 și {total} pentru fiecare.", err_card_points_sum: "Punctele însumează {sum}: cel mult {total}.", err_announcement_points: "{points|one=punct|few=puncte|other=de puncte} din anunțuri nu se poate: anunțurile valorează 20, 50, 100, 150 sau 200.", err_capot_other_points: "{side} au făcut capot, deci {other} nu au puncte: lăsați gol.", err_no_such_side: "Nu există o astfel de echipă.", err_no_such_seat: "Nu există un astfel de jucător.", err_deal_deleted: "Mâna {deal} este ștearsă: restaurați-o înainte de a o modifica.", err_no_such_deal: "Nu există o astfel de mână.", err_nothing_to_take_back: "Nu există nicio mână de anulat.", err_nothing_to_put_back: "Nicio mână nu a fost anulată.", err_nothing_to_undo: "Nimic de anulat.", err_nothing_to_redo: "Nimic de refăcut.", err_same_game: "Jocul și numărul de jucători rămân aceleași: pentru altul începeți un joc nou." },
};
// The changes view's words and the refusals' words (by their codes: err_
// + code), merged into T.
const MORE_WORDS = {
  en: {
    keepScore: "Keep score", play: "Play",
    needLoader: "Choose who ordered.", needDeclarer: "Choose who played.", needLastTrick: "Choose who took the last trick.",
    changes: "Changes", revert: "Revert", older: "Older changes", noChanges: "No changes yet.", reverted: "Change {n} reverted",
    ch_add: "Deal {deal} added", ch_edit: "Deal {deal} edited", ch_delete: "Deal {deal} deleted", ch_restore: "Deal {deal} restored",
    ch_take_back: "↶ Deal {deal} taken back", ch_put_back: "↷ Deal {deal} put back", ch_undo: "Undo: deal {deal}", ch_redo: "Redo: deal {deal}",
    ch_undo_setup: "Undo: players and house rules", ch_redo_setup: "Redo: players and house rules", ch_setup: "Players and house rules changed", ch_revert: "Change {change} reverted",
    err_already_deleted: "Deal {deal} is deleted already.", err_not_deleted: "Deal {deal} is not deleted.",
    err_cannot_revert: "Change {change} cannot be reverted now: what it changed has changed since.", err_no_such_change: "There is no change {change}.",
    err_inconsistent: "This game's stored history does not add up: nothing was changed.", err_kept_by_table: "This score sheet is kept by its card table: deals are written as they end there, and nothing else changes it.",
    err_name_character: "A name holds a character that cannot be shown ({char}): type it without it.", err_name_length: "A name has {length|one=character|other=characters}: {min} to {max} are allowed.",
    err_player_count: "This game needs the names of {count} players.", err_house_rules: "A house rule has a value it cannot take: check the house rules.",
    err_meld_twice: "{seat} announced the same meld twice: each counts once.",
    err_meld_cards_shared: "Two of {seat}'s melds share a card: a card may be in one carré and one sequence, never in two sequences.",
    err_meld_cards_shared_once: "Two of {seat}'s melds share a card: at this table a card counts in one meld only.",
    err_meld_two_hands: "The same card is in two players' melds: a card is in one hand only.", err_meld_too_many_cards: "{seat}'s melds hold more than 8 cards.",
    err_melds_need_trump: "Choose the trump suit to score the announced melds.", err_melds_or_points: "Give either the announcement points or the melds, not both.",
    err_redeal_two_player: "A redeal (four 7s or four 8s) exists only in two-player Belot.", err_side_count: "Give the points of each of the {count} sides.",
    err_capot_points: "{side} made capot: their card points are all 162; leave them empty.", err_capot_points_two: "Type the card points of the player who made capot (10 to 156).",
    err_card_points_both: "With two players some cards stay out of play: type both players' card points.",
    err_card_points_all: "The card points add up to {sum}: they make 162 with the last trick. Leave one side empty and it is filled in.",
    err_card_points_between: "The card points add up to {sum}: a deal holds {min} to {max} with the last trick.",
    err_construction_points: "{points|one=point|other=points} of constructions cannot be made: constructions are worth 20, 50, 100, 110, 140 or 200.",
    err_combination_points: "{points|one=point|other=points} of combinations cannot be made: 20 (or the table's tierce), 50, 100, 150, 200 and their sums.",
    err_belas_per_suit: "Bela: at most one per suit (four in all trumps), none in no trumps.", err_belas_total: "Bela: at most four in all, one per suit.",
    err_bela_one_player: "In a suit contract only one player can hold the bela.", err_no_trick_points: "{seat} took no trick, so has no card points (typed: {points}).",
    err_nobody_took_tricks: "Somebody took the tricks: mark at least one player as taking a trick.", err_capo_twice: "{seat} is marked twice as taking no trick.",
    err_belots_total: "Belot: at most four in all, one per suit.", err_capo_last_trick: "The players without a trick cannot be all three, nor the one who took the last trick.",
    err_last_trick_points: "{seat} took the last trick, so has at least its 10 points.", err_wrong_game: "This deal does not belong to this game.",
    err_deal_rules: "The rules do not allow this deal: check the figures.",
    err_not_found: "There is no such game: check the link.", err_game_full: "This game holds the most changes a game may: start a new game.", err_disk_full: "The server's disk is full: nothing was saved. Tell whoever runs it.", err_storage: "The server could not save: nothing was changed. Try again.", err_bad_request: "The server did not understand the page: reload it.", err_too_many_listeners: "Too many phones are watching this game: try again later.",
  },
  fr: {
    keepScore: "Compter les points", play: "Jouer",
    needLoader: "Choisissez qui a commandé.", needDeclarer: "Choisissez qui a joué.", needLastTrick: "Choisissez qui a fait le dernier pli.",
    changes: "Modifications", revert: "Défaire", older: "Modifications plus anciennes", noChanges: "Aucune modification pour l'instant.", reverted: "Modification {n} défaite",
    ch_add: "Donne {deal} ajoutée", ch_edit: "Donne {deal} modifiée", ch_delete: "Donne {deal} supprimée", ch_restore: "Donne {deal} restaurée",
    ch_take_back: "↶ Donne {deal} retirée", ch_put_back: "↷ Donne {deal} remise", ch_undo: "Annulation : donne {deal}", ch_redo: "Rétablissement : donne {deal}",
    ch_undo_setup: "Annulation : joueurs et règles", ch_redo_setup: "Rétablissement : joueurs et règles", ch_setup: "Joueurs et règles de la table modifiés", ch_revert: "Modification {change} défaite",
    err_already_deleted: "La donne {deal} est déjà supprimée.", err_not_deleted: "La donne {deal} n'est pas supprimée.",
    err_cannot_revert: "La modification {change} ne peut plus être défaite : ce qu'elle a changé a changé depuis.", err_no_such_change: "Il n'y a pas de modification {change}.",
    err_inconsistent: "L'historique enregistré de cette partie est incohérent : rien n'a changé.", err_kept_by_table: "Cette feuille est tenue par sa table de jeu : les donnes s'y inscrivent à la fin de chacune, rien d'autre ne la modifie.",
    err_name_character: "Un nom contient un caractère invisible ({char}) : retapez-le sans.", err_name_length: "Un nom a {length|one=caractère|other=caractères} : de {min} à {max} sont permis.",
    err_player_count: "Cette partie demande les noms de {count} joueurs.", err_house_rules: "Une règle de la table a une valeur impossible : vérifiez les règles.",
    err_meld_twice: "{seat} a annoncé deux fois la même combinaison : chacune compte une fois.",
    err_meld_cards_shared: "Deux annonces de {seat} partagent une carte : une carte peut être dans un carré et une suite, jamais dans deux suites.",
    err_meld_cards_shared_once: "Deux annonces de {seat} partagent une carte : à cette table une carte ne compte que dans une annonce.",
    err_meld_two_hands: "La même carte est dans les annonces de deux joueurs : une carte n'est que dans une main.", err_meld_too_many_cards: "Les annonces de {seat} ont plus de 8 cartes.",
    err_melds_need_trump: "Choisissez l'atout pour compter les annonces.", err_melds_or_points: "Donnez les points d'annonces ou les annonces, pas les deux.",
    err_redeal_two_player: "La redonne (quatre 7 ou quatre 8) n'existe qu'à la belote à deux.", err_side_count: "Donnez les points de chacun des {count} camps.",
    err_capot_points: "{side} a fait capot : ses points sont les 162 ; laissez vide.", err_capot_points_two: "Saisissez les points du joueur qui a fait capot (de 10 à 156).",
    err_card_points_both: "À deux, des cartes restent hors jeu : saisissez les points des deux joueurs.",
    err_card_points_all: "Les points font {sum} : ils font 162 avec le dix de der. Laissez un camp vide, il sera calculé.",
    err_card_points_between: "Les points font {sum} : une donne en compte de {min} à {max} avec le dernier pli.",
    err_construction_points: "{points|one=point|other=points} de combinaisons, c'est impossible : elles valent 20, 50, 100, 110, 140 ou 200.",
    err_combination_points: "{points|one=point|other=points} de combinaisons, c'est impossible : 20 (ou la tierce de la table), 50, 100, 150, 200 et leurs sommes.",
    err_belas_per_suit: "Belote : une par couleur au plus (quatre à tout atout), aucune à sans atout.", err_belas_total: "Belote : quatre au plus en tout, une par couleur.",
    err_bela_one_player: "Avec un atout, un seul joueur peut avoir la belote.", err_no_trick_points: "{seat} n'a fait aucun pli, donc aucun point (saisi : {points}).",
    err_nobody_took_tricks: "Quelqu'un a fait les plis : cochez au moins un joueur qui a fait un pli.", err_capo_twice: "{seat} est marqué deux fois sans pli.",
    err_belots_total: "Belote : quatre au plus en tout, une par couleur.", err_capo_last_trick: "Les joueurs sans pli ne peuvent être ni tous les trois, ni celui qui a fait le dernier pli.",
    err_last_trick_points: "{seat} a fait le dernier pli, donc au moins ses 10 points.", err_wrong_game: "Cette donne n'appartient pas à ce jeu.",
    err_deal_rules: "Les règles ne permettent pas cette donne : vérifiez les chiffres.",
    err_not_found: "Cette partie n'existe pas : vérifiez le lien.", err_game_full: "Cette partie a le plus de modifications permises : commencez-en une nouvelle.", err_disk_full: "Le disque du serveur est plein : rien n'est enregistré. Prévenez qui le gère.", err_storage: "Le serveur n'a pas pu enregistrer : rien n'a changé. Réessayez.", err_bad_request: "Le serveur n'a pas compris la page : rechargez-la.", err_too_many_listeners: "Trop de téléphones suivent cette partie : réessayez plus tard.",
  },
  bg: {
    keepScore: "Водене на резултат", play: "Игра",
    needLoader: "Изберете кой обяви.", needDeclarer: "Изберете кой игра.", needLastTrick: "Изберете кой взе последната взятка.",
    changes: "Промени", revert: "Отмени", older: "По-стари промени", noChanges: "Още няма промени.", reverted: "Промяна {n} е отменена",
    ch_add: "Добавена раздача {deal}", ch_edit: "Променена раздача {deal}", ch_delete: "Изтрита раздача {deal}", ch_restore: "Възстановена раздача {deal}",
    ch_take_back: "↶ Отменена раздача {deal}", ch_put_back: "↷ Върната раздача {deal}", ch_undo: "Отмяна: раздача {deal}", ch_redo: "Повторение: раздача {deal}",
    ch_undo_setup: "Отмяна: играчи и правила", ch_redo_setup: "Повторение: играчи и правила", ch_setup: "Променени играчи и правила на масата", ch_revert: "Отменена промяна {change}",
    err_already_deleted: "Раздача {deal} вече е изтрита.", err_not_deleted: "Раздача {deal} не е изтрита.",
    err_cannot_revert: "Промяна {change} не може да се отмени сега: това, което тя промени, оттогава е променено.", err_no_such_change: "Няма промяна {change}.",
    err_inconsistent: "Записаната история на играта не се връзва: нищо не е променено.", err_kept_by_table: "Този резултат се води от масата за игра: раздачите се записват, когато свършат там, и нищо друго не го променя.",
    err_name_character: "Едно име съдържа невидим знак ({char}): напишете го без него.", err_name_length: "Едно име има {length|one=знак|other=знака}: позволени са от {min} до {max}.",
    err_player_count: "Тази игра иска имената на {count} играчи.", err_house_rules: "Правило на масата има невъзможна стойност: проверете правилата.",
    err_meld_twice: "{seat} обяви една и съща комбинация два пъти: всяка се брои веднъж.",
    err_meld_cards_shared: "Две обявени комбинации на {seat} имат обща карта: една карта може да е в каре и в поредица, но не в две поредици.",
    err_meld_cards_shared_once: "Две обявени комбинации на {seat} имат обща карта: на тази маса картата се брои само в една комбинация.",
    err_meld_two_hands: "Една и съща карта е в комбинациите на двама играчи: картата е само в една ръка.", err_meld_too_many_cards: "Комбинациите на {seat} съдържат повече от 8 карти.",
    err_melds_need_trump: "Изберете коза, за да се преброят обявените комбинации.", err_melds_or_points: "Дайте или точките от анонси, или самите комбинации, не и двете.",
    err_redeal_two_player: "Преразпределяне (четири седмици или четири осмици) има само в белот за двама.", err_side_count: "Дайте точките на всеки от {count}-те отбора.",
    err_capot_points: "{side} направиха капот: техните точки са всичките 162; оставете празно.", err_capot_points_two: "Въведете точките на играча с капот (от 10 до 156).",
    err_card_points_both: "При двама играчи част от картите остават извън играта: въведете точките и на двамата.",
    err_card_points_all: "Точките са общо {sum}: с последната взятка са 162. Оставете един отбор празен и той ще се попълни.",
    err_card_points_between: "Точките са общо {sum}: в една раздача има от {min} до {max} с последната взятка.",
    err_construction_points: "{points|one=точка|other=точки} от комбинации не може: комбинациите са 20, 50, 100, 110, 140 или 200.",
    err_combination_points: "{points|one=точка|other=точки} от комбинации не може: 20 (или терцата на масата), 50, 100, 150, 200 и сборовете им.",
    err_belas_per_suit: "Бела: най-много една на боя (четири при всичко коз), никаква при без коз.", err_belas_total: "Бела: най-много четири общо, по една на боя.",
    err_bela_one_player: "При игра с коз само един играч може да има белата.", err_no_trick_points: "{seat} не взе нито една взятка, значи няма точки (въведено: {points}).",
    err_nobody_took_tricks: "Някой е взел взятките: отбележете поне един играч с взятка.", err_capo_twice: "{seat} е отбелязан два пъти без взятка.",
    err_belots_total: "Белот: най-много четири общо, по един на боя.", err_capo_last_trick: "Играчите без взятка не може да са и тримата, нито този, който взе последната взятка.",
    err_last_trick_points: "{seat} взе последната взятка, значи има поне нейните 10 точки.", err_wrong_game: "Тази раздача не е от тази игра.",
    err_deal_rules: "Правилата не позволяват тази раздача: проверете числата.",
    err_not_found: "Няма такава игра: проверете връзката.", err_game_full: "Тази игра има най-много позволени промени: започнете нова игра.", err_disk_full: "Дискът на сървъра е пълен: нищо не е записано. Кажете на този, който го поддържа.", err_storage: "Сървърът не успя да запише: нищо не е променено. Опитайте отново.", err_bad_request: "Сървърът не разбра страницата: заредете я отново.", err_too_many_listeners: "Твърде много телефони следят тази игра: опитайте по-късно.",
  },
  ru: {
    keepScore: "Счёт", play: "Игра",
    needLoader: "Выберите, кто заказал.", needDeclarer: "Выберите, кто играл.", needLastTrick: "Выберите, кто взял последнюю взятку.",
    changes: "Изменения", revert: "Отменить", older: "Более ранние изменения", noChanges: "Изменений пока нет.", reverted: "Изменение {n} отменено",
    ch_add: "Добавлена сдача {deal}", ch_edit: "Изменена сдача {deal}", ch_delete: "Удалена сдача {deal}", ch_restore: "Возвращена сдача {deal}",
    ch_take_back: "↶ Отменена сдача {deal}", ch_put_back: "↷ Возвращена сдача {deal}", ch_undo: "Отмена: сдача {deal}", ch_redo: "Повтор: сдача {deal}",
    ch_undo_setup: "Отмена: игроки и правила", ch_redo_setup: "Повтор: игроки и правила", ch_setup: "Изменены игроки и правила стола", ch_revert: "Отменено изменение {change}",
    err_already_deleted: "Сдача {deal} уже удалена.", err_not_deleted: "Сдача {deal} не удалена.",
    err_cannot_revert: "Изменение {change} сейчас не отменить: то, что оно изменило, с тех пор изменилось.", err_no_such_change: "Изменения {change} нет.",
    err_inconsistent: "Сохранённая история игры не сходится: ничего не изменено.", err_kept_by_table: "Эту запись счёта ведёт игровой стол: сдачи записываются, когда заканчиваются за столом, и ничто другое её не меняет.",
    err_name_character: "В имени есть невидимый знак ({char}): наберите имя без него.", err_name_length: "В имени {length|one=знак|few=знака|many=знаков|other=знака}: можно от {min} до {max}.",
    err_player_count: "Для этой игры нужны имена {count} игроков.", err_house_rules: "У правила стола невозможное значение: проверьте правила.",
    err_meld_twice: "{seat} объявил одну и ту же комбинацию дважды: каждая считается один раз.",
    err_meld_cards_shared: "Две комбинации игрока {seat} делят карту: карта может быть в каре и в последовательности, но не в двух последовательностях.",
    err_meld_cards_shared_once: "Две комбинации игрока {seat} делят карту: за этим столом карта считается только в одной комбинации.",
    err_meld_two_hands: "Одна и та же карта в комбинациях двух игроков: карта бывает только в одной руке.", err_meld_too_many_cards: "В комбинациях игрока {seat} больше 8 карт.",
    err_melds_need_trump: "Выберите козырь, чтобы посчитать объявленные комбинации.", err_melds_or_points: "Укажите либо очки объявлений, либо сами комбинации, но не то и другое.",
    err_redeal_two_player: "Пересдача (четыре семёрки или четыре восьмёрки) бывает только в белоте вдвоём.", err_side_count: "Укажите очки каждой из команд ({count}).",
    err_capot_points: "{side} сделали капот: у них все 162 очка; оставьте пусто.", err_capot_points_two: "Введите очки игрока, сделавшего капот (от 10 до 156).",
    err_card_points_both: "Вдвоём часть карт остаётся вне игры: введите очки обоих игроков.",
    err_card_points_all: "Очков в сумме {sum}: с последней взяткой их 162. Оставьте одну команду пустой — её очки посчитаются.",
    err_card_points_between: "Очков в сумме {sum}: в сдаче от {min} до {max} очков с последней взяткой.",
    err_construction_points: "{points|one=очко|few=очка|many=очков|other=очка} конструкций быть не может: конструкции стоят 20, 50, 100, 110, 140 или 200.",
    err_combination_points: "{points|one=очко|few=очка|many=очков|other=очка} комбинаций быть не может: 20 (или терц стола), 50, 100, 150, 200 и их суммы.",
    err_belas_per_suit: "Бела: не больше одной в масти (четыре в ВК), в БК белы нет.", err_belas_total: "Бела: всего не больше четырёх, по одной в масти.",
    err_bela_one_player: "В козырной игре белу может иметь только один игрок.", err_no_trick_points: "{seat} не взял ни одной взятки, значит очков нет (введено: {points}).",
    err_nobody_took_tricks: "Кто-то же брал взятки: отметьте хотя бы одного игрока со взяткой.", err_capo_twice: "{seat} дважды отмечен без взяток.",
    err_belots_total: "Белот: всего не больше четырёх, по одному в масти.", err_capo_last_trick: "Без взяток не могут быть все трое и тот, кто взял последнюю взятку.",
    err_last_trick_points: "{seat} взял последнюю взятку, значит у него не меньше её 10 очков.", err_wrong_game: "Эта сдача не из этой игры.",
    err_deal_rules: "Правила не допускают такой сдачи: проверьте числа.",
    err_not_found: "Такой игры нет: проверьте ссылку.", err_game_full: "В этой игре наибольшее допустимое число изменений: начните новую игру.", err_disk_full: "Диск сервера заполнен: ничего не записано. Сообщите тому, кто им управляет.", err_storage: "Сервер не смог записать: ничего не изменено. Повторите.", err_bad_request: "Сервер не понял страницу: перезагрузите её.", err_too_many_listeners: "За этой игрой следит слишком много телефонов: повторите позже.",
  },
  uk: {
    keepScore: "Рахунок", play: "Гра",
    needLoader: "Виберіть, хто замовив.", needDeclarer: "Виберіть, хто грав.", needLastTrick: "Виберіть, хто взяв останню взятку.",
    changes: "Зміни", revert: "Скасувати", older: "Давніші зміни", noChanges: "Змін поки немає.", reverted: "Зміну {n} скасовано",
    ch_add: "Додано роздачу {deal}", ch_edit: "Змінено роздачу {deal}", ch_delete: "Видалено роздачу {deal}", ch_restore: "Відновлено роздачу {deal}",
    ch_take_back: "↶ Скасовано роздачу {deal}", ch_put_back: "↷ Повернуто роздачу {deal}", ch_undo: "Скасування: роздача {deal}", ch_redo: "Повтор: роздача {deal}",
    ch_undo_setup: "Скасування: гравці та правила", ch_redo_setup: "Повтор: гравці та правила", ch_setup: "Змінено гравців і правила столу", ch_revert: "Скасовано зміну {change}",
    err_already_deleted: "Роздачу {deal} вже видалено.", err_not_deleted: "Роздачу {deal} не видалено.",
    err_cannot_revert: "Зміну {change} зараз не скасувати: те, що вона змінила, відтоді змінилося.", err_no_such_change: "Зміни {change} немає.",
    err_inconsistent: "Збережена історія гри не сходиться: нічого не змінено.", err_kept_by_table: "Цей запис рахунку веде ігровий стіл: роздачі записуються, коли закінчуються за столом, і ніщо інше його не змінює.",
    err_name_character: "В імені є невидимий знак ({char}): наберіть ім'я без нього.", err_name_length: "В імені {length|one=знак|few=знаки|many=знаків|other=знака}: можна від {min} до {max}.",
    err_player_count: "Для цієї гри потрібні імена {count} гравців.", err_house_rules: "Правило столу має неможливе значення: перевірте правила.",
    err_meld_twice: "{seat} оголосив ту саму комбінацію двічі: кожна рахується один раз.",
    err_meld_cards_shared: "Дві комбінації гравця {seat} мають спільну карту: карта може бути в каре і в послідовності, але не у двох послідовностях.",
    err_meld_cards_shared_once: "Дві комбінації гравця {seat} мають спільну карту: за цим столом карта рахується лише в одній комбінації.",
    err_meld_two_hands: "Та сама карта в комбінаціях двох гравців: карта буває лише в одній руці.", err_meld_too_many_cards: "У комбінаціях гравця {seat} понад 8 карт.",
    err_melds_need_trump: "Виберіть козир, щоб порахувати оголошені комбінації.", err_melds_or_points: "Вкажіть або очки оголошень, або самі комбінації, але не те й інше.",
    err_redeal_two_player: "Перездача (чотири сімки або чотири вісімки) буває лише в белоті удвох.", err_side_count: "Вкажіть очки кожної з команд ({count}).",
    err_capot_points: "{side} зробили капот: у них усі 162 очки; залиште порожнім.", err_capot_points_two: "Введіть очки гравця, що зробив капот (від 10 до 156).",
    err_card_points_both: "Удвох частина карт лишається поза грою: введіть очки обох гравців.",
    err_card_points_all: "Очок разом {sum}: з останньою взяткою їх 162. Залиште одну команду порожньою — її очки порахуються.",
    err_card_points_between: "Очок разом {sum}: у роздачі від {min} до {max} очок з останньою взяткою.",
    err_construction_points: "{points|one=очко|few=очки|many=очок|other=очка} конструкцій бути не може: конструкції варті 20, 50, 100, 110, 140 або 200.",
    err_combination_points: "{points|one=очко|few=очки|many=очок|other=очка} комбінацій бути не може: 20 (або терц столу), 50, 100, 150, 200 та їхні суми.",
    err_belas_per_suit: "Бела: не більше однієї в масті (чотири у ВК), у БК бели немає.", err_belas_total: "Бела: загалом не більше чотирьох, по одній у масті.",
    err_bela_one_player: "У козирній грі белу може мати лише один гравець.", err_no_trick_points: "{seat} не взяв жодної взятки, отже очок немає (введено: {points}).",
    err_nobody_took_tricks: "Хтось же брав взятки: позначте принаймні одного гравця зі взяткою.", err_capo_twice: "{seat} двічі позначений без взяток.",
    err_belots_total: "Белот: загалом не більше чотирьох, по одному в масті.", err_capo_last_trick: "Без взяток не можуть бути всі троє, ані той, хто взяв останню взятку.",
    err_last_trick_points: "{seat} взяв останню взятку, отже має щонайменше її 10 очок.", err_wrong_game: "Ця роздача не з цієї гри.",
    err_deal_rules: "Правила не допускають такої роздачі: перевірте числа.",
    err_not_found: "Такої гри немає: перевірте посилання.", err_game_full: "У цій грі найбільша дозволена кількість змін: почніть нову гру.", err_disk_full: "Диск сервера заповнений: нічого не записано. Повідомте того, хто ним керує.", err_storage: "Сервер не зміг записати: нічого не змінено. Повторіть.", err_bad_request: "Сервер не зрозумів сторінку: перезавантажте її.", err_too_many_listeners: "За цією грою стежить забагато телефонів: повторіть пізніше.",
  },
  ro: {
    keepScore: "Ține scorul", play: "Joacă",
    needLoader: "Alegeți cine a comandat.", needDeclarer: "Alegeți cine a jucat.", needLastTrick: "Alegeți cine a luat ultima levată.",
    changes: "Modificări", revert: "Anulează", older: "Modificări mai vechi", noChanges: "Încă nicio modificare.", reverted: "Modificarea {n} a fost anulată",
    ch_add: "Mâna {deal} adăugată", ch_edit: "Mâna {deal} modificată", ch_delete: "Mâna {deal} ștearsă", ch_restore: "Mâna {deal} restaurată",
    ch_take_back: "↶ Mâna {deal} anulată", ch_put_back: "↷ Mâna {deal} pusă înapoi", ch_undo: "Anulare: mâna {deal}", ch_redo: "Refacere: mâna {deal}",
    ch_undo_setup: "Anulare: jucători și reguli", ch_redo_setup: "Refacere: jucători și reguli", ch_setup: "Jucătorii și regulile mesei modificate", ch_revert: "Modificarea {change} anulată",
    err_already_deleted: "Mâna {deal} este deja ștearsă.", err_not_deleted: "Mâna {deal} nu este ștearsă.",
    err_cannot_revert: "Modificarea {change} nu mai poate fi anulată: ce a schimbat s-a schimbat între timp.", err_no_such_change: "Nu există modificarea {change}.",
    err_inconsistent: "Istoricul salvat al jocului nu se potrivește: nu s-a schimbat nimic.", err_kept_by_table: "Această foaie de scor este ținută de masa de joc: mâinile se înscriu când se termină acolo și nimic altceva nu o schimbă.",
    err_name_character: "Un nume conține un caracter invizibil ({char}): scrieți-l fără el.", err_name_length: "Un nume are {length|one=caracter|few=caractere|other=de caractere}: sunt permise între {min} și {max}.",
    err_player_count: "Acest joc cere numele a {count} jucători.", err_house_rules: "O regulă a mesei are o valoare imposibilă: verificați regulile.",
    err_meld_twice: "{seat} a anunțat aceeași combinație de două ori: fiecare contează o dată.",
    err_meld_cards_shared: "Două anunțuri ale lui {seat} au o carte comună: o carte poate fi într-un careu și într-o secvență, niciodată în două secvențe.",
    err_meld_cards_shared_once: "Două anunțuri ale lui {seat} au o carte comună: la această masă o carte contează într-un singur anunț.",
    err_meld_two_hands: "Aceeași carte este în anunțurile a doi jucători: o carte e într-o singură mână.", err_meld_too_many_cards: "Anunțurile lui {seat} au mai mult de 8 cărți.",
    err_melds_need_trump: "Alegeți atuul ca să se puncteze anunțurile.", err_melds_or_points: "Dați fie punctele anunțurilor, fie anunțurile, nu pe amândouă.",
    err_redeal_two_player: "Reîmpărțirea (patru de 7 sau patru de 8) există doar la belotul în doi.", err_side_count: "Dați punctele fiecăreia dintre cele {count} echipe.",
    err_capot_points: "{side} au făcut capot: punctele lor sunt toate cele 162; lăsați gol.", err_capot_points_two: "Introduceți punctele jucătorului care a făcut capot (între 10 și 156).",
    err_card_points_both: "În doi, unele cărți rămân în afara jocului: introduceți punctele ambilor jucători.",
    err_card_points_all: "Punctele însumează {sum}: cu ultima levată fac 162. Lăsați o echipă goală și se completează singură.",
    err_card_points_between: "Punctele însumează {sum}: o mână are între {min} și {max} cu ultima levată.",
    err_construction_points: "{points|one=punct|few=puncte|other=de puncte} din construcții nu se poate: construcțiile valorează 20, 50, 100, 110, 140 sau 200.",
    err_combination_points: "{points|one=punct|few=puncte|other=de puncte} din combinații nu se poate: 20 (sau terța mesei), 50, 100, 150, 200 și sumele lor.",
    err_belas_per_suit: "Bela: cel mult una pe culoare (patru la totul atu), niciuna la fără atu.", err_belas_total: "Bela: cel mult patru în total, una pe culoare.",
    err_bela_one_player: "La un contract cu atu doar un jucător poate avea bela.", err_no_trick_points: "{seat} n-a luat nicio levată, deci n-are puncte (introdus: {points}).",
    err_nobody_took_tricks: "Cineva a luat levatele: marcați cel puțin un jucător cu o levată.", err_capo_twice: "{seat} e marcat de două ori fără levată.",
    err_belots_total: "Belot: cel mult patru în total, unul pe culoare.", err_capo_last_trick: "Jucătorii fără levată nu pot fi toți trei, nici cel care a luat ultima levată.",
    err_last_trick_points: "{seat} a luat ultima levată, deci are cel puțin cele 10 puncte ale ei.", err_wrong_game: "Această mână nu e din acest joc.",
    err_deal_rules: "Regulile nu permit această mână: verificați cifrele.",
    err_not_found: "Nu există acest joc: verificați linkul.", err_game_full: "Acest joc are numărul maxim de modificări permise: începeți un joc nou.", err_disk_full: "Discul serverului este plin: nu s-a salvat nimic. Anunțați-l pe cel care îl administrează.", err_storage: "Serverul nu a putut salva: nu s-a schimbat nimic. Încercați din nou.", err_bad_request: "Serverul nu a înțeles pagina: reîncărcați-o.", err_too_many_listeners: "Prea multe telefoane urmăresc acest joc: încercați mai târziu.",
  },
};
for (const [l, w] of Object.entries(MORE_WORDS)) Object.assign(T[l], w);
// The deal forms' words (issue 44).
const FORM_WORDS = {
  en: { reenter: "Enter it again", countedWaiting: "The totals count the changes not yet sent: {n}.", moreTwo: "Constructions, bela", moreThree: "Capo, combinations, belot", whoOrdered: "Who ordered what?", turnedSuit: "Turned suit",
    afterEndAsk: "The game is over: a deal saved now is after the end and counts for nothing.", saveAfter: "Save after the end",
    spades: "spades", hearts: "hearts", diamonds: "diamonds", clubs: "clubs", allTrumps: "all trumps", noTrumps: "no trumps", atShort: "AT", ntShort: "NT",
    err_last_trick_needed: "Someone took no trick: say who took the last trick." },
  fr: { reenter: "Ressaisir", countedWaiting: "Les totaux comptent les modifications pas encore envoyées : {n}.", moreTwo: "Combinaisons, belote", moreThree: "Capot, combinaisons, belote", whoOrdered: "Qui a pris, et à quoi ?", turnedSuit: "Couleur retournée",
    afterEndAsk: "La partie est finie : une donne enregistrée maintenant vient après la fin et ne compte pas.", saveAfter: "Enregistrer après la fin",
    spades: "pique", hearts: "cœur", diamonds: "carreau", clubs: "trèfle", allTrumps: "tout atout", noTrumps: "sans atout", atShort: "TA", ntShort: "SA",
    err_last_trick_needed: "Un joueur n'a fait aucun pli : dites qui a fait le dernier pli." },
  bg: { reenter: "Въведи отново", countedWaiting: "Сборовете броят и още неизпратените промени: {n}.", moreTwo: "Комбинации, бела", moreThree: "Без взятка, комбинации, белот", whoOrdered: "Кой какво обяви?", turnedSuit: "Обърнат цвят",
    afterEndAsk: "Играта свърши: раздача, записана сега, е след края и не се брои.", saveAfter: "Запиши след края",
    spades: "пика", hearts: "купа", diamonds: "каро", clubs: "спатия", allTrumps: "всичко коз", noTrumps: "без коз", atShort: "ВК", ntShort: "БК",
    err_last_trick_needed: "Някой не взе взятка: изберете кой взе последната взятка." },
  ru: { reenter: "Ввести заново", countedWaiting: "В итогах учтены ещё не отправленные изменения: {n}.", moreTwo: "Конструкции, бела", moreThree: "Без взяток, комбинации, белот", whoOrdered: "Кто что заказал?", turnedSuit: "Открытая масть",
    afterEndAsk: "Игра окончена: сдача, записанная сейчас, будет после конца и не засчитается.", saveAfter: "Записать после конца",
    spades: "пики", hearts: "червы", diamonds: "бубны", clubs: "трефы", allTrumps: "все козыри", noTrumps: "без козырей", atShort: "ВК", ntShort: "БК",
    err_last_trick_needed: "Кто-то не взял ни одной взятки: укажите, кто взял последнюю взятку." },
  uk: { reenter: "Ввести знову", countedWaiting: "У підсумках враховано ще не надіслані зміни: {n}.", moreTwo: "Конструкції, бела", moreThree: "Без взяток, комбінації, белот", whoOrdered: "Хто що замовив?", turnedSuit: "Відкрита масть",
    afterEndAsk: "Гру закінчено: роздача, записана зараз, буде після кінця і не зарахується.", saveAfter: "Записати після кінця",
    spades: "вини", hearts: "чирви", diamonds: "бубни", clubs: "трефи", allTrumps: "усі козирі", noTrumps: "без козирів", atShort: "ВК", ntShort: "БК",
    err_last_trick_needed: "Хтось не взяв жодної взятки: вкажіть, хто взяв останню взятку." },
  ro: { reenter: "Introdu din nou", countedWaiting: "Totalurile socotesc și modificările netrimise încă: {n}.", moreTwo: "Construcții, bela", moreThree: "Fără levată, combinații, belot", whoOrdered: "Cine ce a comandat?", turnedSuit: "Culoarea întoarsă",
    afterEndAsk: "Jocul s-a terminat: o mână salvată acum e după final și nu se socotește.", saveAfter: "Salvează după final",
    spades: "pică", hearts: "cupă", diamonds: "caro", clubs: "treflă", allTrumps: "toate atu", noTrumps: "fără atu", atShort: "TA", ntShort: "FA",
    err_last_trick_needed: "Cineva n-a luat nicio levată: spuneți cine a luat ultima levată." },
};
for (const [l, w] of Object.entries(FORM_WORDS)) Object.assign(T[l], w);
const LANGS = ["en", "bg", "ru", "uk", "ro", "fr"];
const LANG_NAMES = { en: "English", bg: "Български", ru: "Русский", uk: "Українська", ro: "Română", fr: "Français" };
// ?lang=bg in a link opens the page in that language (and keeps it).
const asked = new URLSearchParams(location.search).get("lang");
if (LANGS.includes(asked)) localStorage.setItem("belot.lang", asked);
let lang = localStorage.getItem("belot.lang") || (navigator.languages || [navigator.language || "en"]).map(l => l.slice(0, 2)).find(l => LANGS.includes(l)) || "en";
const t = k => (T[lang] && T[lang][k]) || T.en[k] || k;
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

// House rules: what they are comes from the server (GET /api/rules, read
// from belot-core's option types: key, kind, choices, bounds, default,
// whether the seed names it, and the English names and help). The other
// languages' words are in rule_words.js, loaded with the rules: they
// become T's keys opt_<variant>_<key> (else opt_<key>) for a rule's name, the same with _help for its help
// line, and choice_<value> for a choice.
function addRuleWords(RULE_WORDS) {
  for (const [l, w] of Object.entries(RULE_WORDS)) {
    const into = T[l];
    into.moreRules = w.moreRules;
    for (const part of ["rule", "french", "two_player", "three_player"]) {
      for (const [k, [name, help]] of Object.entries(w[part])) {
        const key = part === "rule" ? `opt_${k}` : `opt_${part}_${k}`;
        if (name) into[key] = name;
        if (help) into[`${key}_help`] = help;
      }
    }
    for (const [v, name] of Object.entries(w.choice)) into[`choice_${v}`] = name;
  }
}
// The first of `keys` the page's language has words for, else the
// server's English.
const words = (...keys) => { const d = T[lang]; for (const k of keys) if (d && d[k]) return d[k]; return null; };
const ruleName = (v, r) => words(`opt_${v}_${r.key}`, `opt_${r.key}`) || r.name || r.key;
const ruleHelp = (v, r) => words(`opt_${v}_${r.key}_help`, `opt_${r.key}_help`) || r.help || "";
const choiceName = (v, r, c) => words(`choice_${v}_${r.key}_${c}`, `choice_${c}`) || (r.labels || [])[(r.choices || []).indexOf(c)] || c;

// The rule definitions, asked once (and kept on the phone for a page
// opened without the server).
let RULES = null, rulesAsked = null;
function loadRules() {
  if (RULES) return Promise.resolve(RULES);
  // The rules' words come with them (rule_words.js); without them the
  // server's English names stand.
  const ruleWords = import("/rule_words.js").then(m => addRuleWords(m.RULE_WORDS)).catch(() => {});
  if (!rulesAsked) rulesAsked = Promise.all([api("GET", "/api/rules"), ruleWords]).then(([r]) => {
    rulesAsked = null;
    if (r.ok && r.body && r.body.french) {
      RULES = r.body;
      try { localStorage.setItem("belot.rules", JSON.stringify(RULES)); } catch (e) { /* full: asked again next time */ }
    } else {
      try { RULES = JSON.parse(localStorage.getItem("belot.rules") || "null"); } catch (e) { RULES = null; }
    }
    return RULES;
  });
  return rulesAsked;
}

const $ = (sel, root = document) => root.querySelector(sel);
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "on") for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
    else if (v === true) e.setAttribute(k, "");
    else if (v !== false && v != null) e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c != null) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}
const main = $("#main");
const say = msg => { $("#status").textContent = msg || ""; };

// A request's answer; a server that cannot be reached answers status 0
// with the code "offline" (never an exception the page would swallow).
async function api(method, path, body) {
  let r;
  try {
    r = await fetch(path, { method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
  } catch (e) {
    return { ok: false, status: 0, body: { error: { code: "offline", message: "" } } };
  }
  const v = await r.json().catch(() => ({}));
  return { ok: r.ok, status: r.status, body: v };
}

// A refusal in the page's language where the code says all; else the
// server's own words.
function errorText(r) {
  const e = r.body && r.body.error;
  const code = e ? e.code : "";
  if (code === "offline") return t("offlineSave");
  if (["busy", "timeout", "too_many_connections", "rate_limited", "read_only", "moved"].includes(code)) return t("serverBusy");
  // A body the server could not read is the page's fault, not the user's.
  if (["bad_json", "not_json", "missing_field", "unknown_field", "invalid_value"].includes(code)) return t("err_bad_request");
  // A refusal the page knows, in its language, with the table's names.
  const text = T[lang] && T[lang]["err_" + code];
  if (text) return fillIn(text, (e && e.params) || {});
  return e && e.message ? e.message : String(r.status);
}

// "{n|one=card|other=cards}": the number and its noun in the form the
// language's plural rules (CLDR, through Intl.PluralRules) ask for.
function plural(n, forms) {
  const f = Object.fromEntries(forms.split("|").map(x => x.split("=")));
  const cat = typeof n === "number" ? new Intl.PluralRules(lang).select(n) : "other";
  return `${n} ${f[cat] ?? f.other}`;
}
const plurals = (text, p) => text.replace(/\{([a-z]+)\|([^}]+)\}/g, (_, k, forms) => plural(p[k] ?? "", forms));

// A message's {side}, {other}, {seat}, {deal}, {points}… from the refusal's
// parameters: sides and seats by their names, deals by their number.
function fillIn(text, p) {
  const st = game;
  const side = i => (st ? sides(st)[i] : null) ?? String(i);
  const deal = id => { const r = st && st.table.rows.find(x => x.id === id); return r ? r.number : id; };
  return plurals(text, p).replace(/\{([a-z]+(?:-1)?)\}/g, (_, k) => {
    if (k === "side" || k === "other") return side(p[k]);
    if (k === "seat") return st ? st.setup.players[p.seat] ?? p.seat : p.seat;
    if (k === "deal") return deal(p.id);
    if (k === "total-1") return p.total != null ? p.total - 1 : "";
    return p[k] ?? "";
  });
}

// ---- start a game ----
async function renderNew() {
  document.title = "belot";
  // The house rules come from the server: wait for them (asked once).
  if (!RULES) await loadRules();
  if (/^\/(g|v|t|w)\//.test(location.pathname)) return;
  const mode = localStorage.getItem("belot.mode") === "play" ? "play" : "score";
  const tabs = el("div", { class: "toggle mode", role: "group", "aria-label": "belot" },
    ["score", "play"].map(m => el("button", { type: "button", id: `mode-${m}`, "aria-pressed": String(mode === m),
      on: { click: () => { localStorage.setItem("belot.mode", m); renderNew(); } } }, t(m === "score" ? "keepScore" : "play"))));
  if (mode === "play") {
    if (!(await loadTables())) { main.replaceChildren(tabs, el("p", { class: "error" }, t("offlineSave"))); return; }
    const tables = tablesList();
    main.replaceChildren(tabs, newTableForm(), ...(tables ? [tables] : []));
    return;
  }
  const form = el("form", { "aria-label": t("newGame") });
  const variant = el("select", { id: "variant" }, ["french", "two_player", "three_player"].map(v => el("option", { value: v }, t(v))));
  const nplayers = el("select", { id: "nplayers" }, [4, 3, 2].map(n => el("option", { value: n }, n)));
  const names = el("div");
  const dealer = el("select", { id: "dealer" });
  const opts = el("div");
  const err = el("p", { class: "error", role: "alert" });
  const count = () => variant.value === "french" ? +nplayers.value : variant.value === "two_player" ? 2 : 3;
  function redraw() {
    $("#nplayers-wrap", form).hidden = variant.value !== "french";
    const n = count();
    const old = [...names.querySelectorAll("input")].map(i => i.value);
    names.replaceChildren(...Array.from({ length: n }, (_, i) =>
      el("label", {}, `${t("player")} ${i + 1}`, el("input", { type: "text", id: `p${i}`, maxlength: 40, required: true, value: old[i] || "", autocomplete: "off" }))));
    if (variant.value === "french" && n === 4) names.prepend(el("p", { class: "note" }, t("teams")));
    dealer.replaceChildren(...Array.from({ length: n }, (_, i) => el("option", { value: i }, `${t("player")} ${i + 1}`)));
    opts.replaceChildren(...optionFields(variant.value, {}, "o"));
  }
  variant.addEventListener("change", redraw);
  nplayers.addEventListener("change", redraw);
  form.append(
    el("h2", {}, t("newGame")),
    el("label", {}, t("variant"), variant),
    el("div", { id: "nplayers-wrap" }, el("label", {}, t("nPlayers"), nplayers)),
    el("label", {}, t("name"), el("input", { type: "text", id: "gname", maxlength: 40 })),
    el("fieldset", {}, el("legend", {}, t("players")), names),
    el("label", {}, t("dealer"), dealer),
    el("fieldset", { id: "o-rules" }, el("legend", {}, t("rules")), opts),
    err,
    el("button", { type: "submit", class: "primary", id: "create" }, t("create")));
  redraw();
  const mine = gamesList();
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const options = readOptions(variant.value, form, "o");
    if (variant.value === "french") options.players = count();
    const setup = {
      name: $("#gname", form).value.trim(),
      players: [...names.querySelectorAll("input")].map(i => i.value.trim()),
      first_dealer: +dealer.value,
      rules: { variant: variant.value, options },
    };
    const r = await api("POST", "/api/sheets", setup);
    if (!r.ok) { err.textContent = errorText(r); return; }
    history.pushState({}, "", `/g/${r.body.id}`);
    route();
  });
  main.replaceChildren(tabs, ...(mine ? [mine, form] : [form]));
}

// The house-rule inputs of a game (ids `${prefix}-${key}`), showing
// `values` where given, else the defaults: the rules the seed names up
// front, the others under "More rules". A rule set from the set-up (the
// French number of players) is not shown.
function optionFields(variant, values, prefix) {
  const rules = ((RULES && RULES[variant]) || []).filter(r => !r.from_setup);
  const field = r => {
    const v = r.key in values ? values[r.key] : r.default, id = `${prefix}-${r.key}`, help = ruleHelp(variant, r);
    const named = { "aria-labelledby": `${id}-name`, "aria-describedby": help ? `${id}-help` : null };
    let input;
    if (r.kind === "bool") input = el("input", { type: "checkbox", id, checked: !!v, ...named });
    else if (r.kind === "number" || r.kind === "cap") input = el("input", { type: "number", id, value: v ?? "", min: r.min, max: r.max, inputmode: "numeric", ...named });
    else input = el("select", { id, ...named }, (r.choices || []).map(c => el("option", { value: c, selected: c === v }, choiceName(variant, r, c))));
    return el("label", { class: "rule", "data-rule": r.key },
      el("span", { id: `${id}-name` }, ruleName(variant, r)),
      help ? [" — ", el("span", { class: "note", id: `${id}-help` }, help)] : null, input);
  };
  const more = rules.filter(r => !r.main);
  return [...rules.filter(r => r.main).map(field),
    more.length ? el("details", { class: "more-rules", id: `${prefix}-more-rules` }, el("summary", {}, t("moreRules")), more.map(field)) : null].filter(Boolean);
}
function readOptions(variant, root, prefix) {
  const options = {};
  for (const r of (RULES && RULES[variant]) || []) {
    const i = $(`#${prefix}-${r.key}`, root);
    if (!i) continue;
    options[r.key] = r.kind === "bool" ? i.checked
      : r.kind === "number" ? (i.value === "" ? r.default : +i.value)
      : r.kind === "cap" ? (i.value === "" ? null : +i.value)
      : i.value;
  }
  return options;
}

// Names and house rules after the start: every deal is scored again.
function setupPanel(st) {
  const s = st.setup, v = s.rules.variant;
  const rules = el("div", {}, optionFields(v, s.rules.options || {}, "e"));
  if (!RULES) loadRules().then(r => { if (r) rules.replaceChildren(...optionFields(v, s.rules.options || {}, "e")); });
  const form = el("form", { id: "setup-form" },
    el("label", {}, t("name"), el("input", { type: "text", id: "e-name", maxlength: 40, value: s.name })),
    s.players.map((p, i) => el("label", {}, `${t("player")} ${i + 1}`, el("input", { type: "text", id: `e-p${i}`, maxlength: 40, required: true, value: p }))),
    el("fieldset", { id: "e-rules" }, el("legend", {}, t("rules")), rules),
    el("p", { class: "error", id: "setup-error", role: "alert" }),
    el("button", { type: "submit", class: "primary", id: "setup-save" }, t("update")));
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const options = { ...(s.rules.options || {}), ...readOptions(v, form, "e") };
    const setup = { ...s, name: $("#e-name", form).value.trim(), players: s.players.map((_, i) => $(`#e-p${i}`, form).value.trim()), rules: { variant: v, options } };
    await send({ op: "setup", setup }, game.version, newKey(), "#setup-error");
  });
  return el("details", { id: "setup-edit" }, el("summary", {}, t("changeSetup")), form);
}

// ---- a game ----
let game = null, source = null, editing = null;

function sides(st) {
  const p = st.setup.players;
  return st.setup.rules.variant === "french" && p.length === 4 ? [`${p[0]} & ${p[2]}`, `${p[1]} & ${p[3]}`] : p;
}
const fmt = x => Number.isInteger(x) ? String(x) : x.toFixed(1);
function outcomeOf(row) {
  if (row.kind === "thrown_in") return t("thrown");
  if (row.kind === "redeal") return t("redeal");
  const s = row.score && row.score.outcome;
  return s ? t(s) : "";
}
function contractOf(st, e) {
  const p = st.setup.players, name = s => p[s] || "";
  if (e.kind === "french") return name(e.taker) + (e.trump ? " " + SUITS[e.trump] : "");
  // An all-pass deal says so in its outcome: its row shows the turned suit.
  if (e.kind === "two_player") return contractShort(e.contract) + (e.loader != null ? " " + name(e.loader) : "");
  if (e.kind === "three_player") return name(e.declarer);
  return "—";
}

// A new game with the same players and rules; the next dealer deals first.
async function rematch() {
  const s = game.setup;
  const setup = { name: s.name, players: s.players, first_dealer: game.table.next_dealer, rules: s.rules };
  const r = await api("POST", "/api/sheets", setup);
  if (!r.ok) { say(errorText(r)); return; }
  history.pushState({}, "", `/g/${r.body.id}`);
  route();
}

// The last state of the game open, kept on the phone: shown when the
// server cannot be reached after a reload.
function keepCopy(st) {
  try { localStorage.setItem("belot.copy", JSON.stringify(st)); } catch (e) { /* too big for storage: no copy */ }
}
function copyOf(path) {
  try {
    const st = JSON.parse(localStorage.getItem("belot.copy"));
    return st && (`/g/${st.id}` === path || `/v/${st.view_id}` === path) ? st : null;
  } catch (e) { return null; }
}

// The games opened on this phone, newest first (kept on the device only).
const MY_GAMES = "belot.games";
function myGames() {
  try { return JSON.parse(localStorage.getItem(MY_GAMES)) || []; } catch (e) { return []; }
}
function remember(st) {
  const key = st.id ? `/g/${st.id}` : `/v/${st.view_id}`;
  const entry = { path: key, name: st.setup.name, variant: st.setup.rules.variant, players: st.setup.players,
    totals: st.table.totals, winner: st.table.winner, deals: st.table.rows.length, at: Date.now() };
  const list = [entry, ...myGames().filter(g => g.path !== key)].slice(0, 30);
  try { localStorage.setItem(MY_GAMES, JSON.stringify(list)); } catch (e) { /* storage full or off: the list is a convenience */ }
}
function forget(path) {
  localStorage.setItem(MY_GAMES, JSON.stringify(myGames().filter(g => g.path !== path)));
}
function gamesList() {
  const list = myGames();
  if (!list.length) return null;
  return el("section", { id: "my-games", "aria-label": t("myGames") }, el("h2", {}, t("myGames")),
    el("ul", {}, list.map(g => el("li", {},
      el("a", { href: g.path, on: { click: ev => { ev.preventDefault(); history.pushState({}, "", g.path); route(); } } },
        `${g.name || t(g.variant)}: ${g.players.join(", ")}`),
      el("span", { class: "note" }, ` ${(g.totals || []).map(fmt).join(" : ")} · ${new Date(g.at).toLocaleDateString(lang)}`),
      el("button", { type: "button", class: "quiet", "aria-label": `${t("forget")}: ${g.name || g.players.join(", ")}`,
        on: { click: () => { forget(g.path); renderNew(); } } }, "×")))));
}

function renderGame() {
  const st = game, edit = st.mode === "edit";
  remember(st);
  keepCopy(st);
  document.title = `belot — ${st.setup.name || t(st.setup.rules.variant)}`;
  const names = sides(st), tb = withWaiting(st) || st.table;
  const parts = [];
  parts.push(el("h2", { class: "game-title" }, st.setup.name || t(st.setup.rules.variant)));
  if (!edit) parts.push(el("p", { class: "note" }, t("readonly")));
  parts.push(el("div", { class: "totals", role: "group", "aria-label": t("totals"), "aria-live": "polite" },
    names.map((n, i) => el("div", {}, el("span", {}, n), el("strong", { "data-total": i }, fmt(tb.totals[i] || 0))))));
  // Totals that count deals still on this phone say so.
  if (tb.waiting) parts.push(el("p", { class: "note", id: "counted-waiting" }, t("countedWaiting").replace("{n}", tb.waiting)));
  if (tb.winner != null) parts.push(el("section", { class: "winner", id: "game-over", "aria-label": t("gameOver") },
    el("h3", {}, t("gameOver")),
    el("p", { id: "winner" }, `${t("winner")}: ${names[tb.winner]}`),
    edit ? el("button", { type: "button", class: "primary", id: "rematch", on: { click: rematch } }, t("rematch")) : null));
  else parts.push(el("p", { id: "next-dealer" }, `${t("nextDealer")}: ${st.setup.players[tb.next_dealer]}`));
  if (tb.pool > 0) parts.push(el("p", { id: "waiting" }, `${t("waiting")}: ${fmt(tb.pool)}`));
  if (edit) {
    const pending = pendingList(st);
    if (pending) parts.push(pending);
    parts.push(dealForm(st));
    parts.push(el("div", { class: "row", id: "undo-row" },
      el("button", { id: "undo", disabled: !st.can_take_back, on: { click: takeBack } }, "↶ " + t("undo")),
      el("button", { id: "redo", disabled: !st.can_put_back, on: { click: () => send({ op: "put_back" }) } }, "↷ " + t("redo")),
      el("button", { id: "undo-change", class: "quiet", disabled: !st.can_undo, on: { click: () => send({ op: "undo" }) } }, t("undoChange"))));
  }
  parts.push(historyTable(st, names));
  parts.push(chart(st, names));
  parts.push(sharePanel(st));
  if (edit) parts.push(setupPanel(st), changesPanel(st));
  main.replaceChildren(...parts);
}

// The changes view: every change, newest first, any of them reverted with
// a tap (a new change, undoable itself). Open, it stays open across
// redraws and is read again after each.
// A link ending in #changes opens it.
let changesOpen = location.hash === "#changes";
function changesPanel(st) {
  const list = el("ol", { id: "change-list", class: "changes" });
  const more = el("div", {});
  const box = el("details", { id: "changes", open: changesOpen }, el("summary", {}, t("changes")),
    el("p", { class: "error", id: "changes-error", role: "alert" }), list, more);
  box.addEventListener("toggle", () => { changesOpen = box.open; if (box.open && !list.dataset.asked) loadChanges(st, list, more); });
  if (changesOpen) loadChanges(st, list, more);
  return box;
}
async function loadChanges(st, list, more, before) {
  list.dataset.asked = "1";
  const q = before ? `?before=${before}` : "";
  const r = await api("GET", `/api/sheets/${st.id}/changes${q}`);
  if (!r.ok) { more.replaceChildren(el("p", { class: "error", role: "alert" }, errorText(r))); return; }
  const items = r.body.changes;
  if (!items.length && !before) list.append(el("li", { class: "note" }, t("noChanges")));
  for (const c of items) list.append(changeItem(c));
  if (!before && location.hash === "#changes") list.parentElement.scrollIntoView();
  const last = items.length ? items[items.length - 1].n : 0;
  more.replaceChildren(r.body.more ? el("button", { type: "button", class: "quiet", id: "older-changes",
    on: { click: () => loadChanges(st, list, more, last) } }, t("older")) : "");
}
function changeText(c) {
  const op = c.change.op, setupUndo = (op === "undo" || op === "redo") && c.deal == null;
  const key = setupUndo ? `ch_${op}_setup` : `ch_${op}`;
  return fillIn(t(key), { id: c.deal, change: c.change.change });
}
function changeItem(c) {
  const text = changeText(c);
  return el("li", { value: c.n, "data-change": c.n }, el("span", {}, text),
    c.revertable ? el("button", { type: "button", class: "quiet", "aria-label": `${t("revert")}: ${text}`,
      on: { click: async () => { if (await send({ op: "revert", change: c.n }, game.version, newKey(), "#changes-error") === true) say(t("reverted").replace("{n}", c.n)); } } }, t("revert")) : null);
}

// ↶ as seed 002 §11 has it: takes back the last deal, and says which, with
// ↷ at hand to put it back.
async function takeBack() {
  const live = game.table.rows;
  const n = live.length ? live[live.length - 1].number : null;
  if (await send({ op: "take_back" }) === true && n != null) say(t("tookBack").replace("{n}", n));
}

// Redraws the game but keeps a deal form the user has started filling in:
// what someone typed is never thrown away by another phone's change.
function renderKeepingForm() {
  const form = $("#deal-form");
  const keep = form && (form.dataset.dirty === "1" || form.contains(document.activeElement));
  renderGame();
  const fresh = $("#deal-form");
  if (keep && fresh) fresh.replaceWith(form);
}

// `version` is the state the change was made on: a deal form sends the
// version it was opened on, so a change typed over an out-of-date table is
// refused (409) and shown against the current one instead of applied blind.
// A refusal goes to `boxSel` (a selector, or a deal form, which puts it
// next to the control at fault).
async function send(change, version = game.version, key = newKey(), boxSel = "#form-error") {
  const r = await api("POST", `/api/sheets/${game.id}/changes`, { version, change, key });
  if (r.status === 0) {
    // The server cannot be reached: the change waits on this phone.
    enqueue({ game: game.id, change, version, key });
    editing = null;
    renderGame(); say(t("queued")); return "queued";
  }
  if (r.ok) {
    editing = null;
    // The live event may have brought this change already.
    if (r.body.version > game.version) game = patch(game, r.body) || (await api("GET", `/api/sheets/${game.id}`)).body;
    renderGame(); say(""); return true;
  }
  if (r.status === 409 && r.body.state) { game = r.body.state; renderKeepingForm(); }
  const msg = r.status === 409 ? t("stale") : errorText(r);
  // A deal form puts the message next to what it is about.
  const box = typeof boxSel === "string" ? $(boxSel) : boxSel;
  if (box && box.fail) box.fail(r.status === 409 ? "stale" : r.body.error && r.body.error.code, msg);
  else if (box) box.textContent = msg; else say(msg);
  return false;
}

function choice(label, values, current, onPick, id) {
  return el("fieldset", { id }, el("legend", {}, label), el("div", { class: "toggle", role: "group" },
    values.map(([v, text]) => el("button", { type: "button", id: id ? `${id}-${v}` : undefined, "aria-pressed": String(current === v), "data-value": v,
      on: { click: ev => { onPick(current === v && v !== null ? null : v); ev.currentTarget.closest("form").dispatchEvent(new Event("redraw")); } } }, text))));
}

// A points box: a text box with no phone keyboard of its own (the
// keypad under it types), still typed on by a computer's keyboard.
function pointsInput(id, label, value, extra) {
  const { onType, onTap, placeholder, cls } = extra;
  return el("label", {}, label, el("input", { type: "text", id, inputmode: "none", autocomplete: "off", maxlength: 3, value: value ?? "", placeholder, class: cls,
    on: { input: ev => { ev.target.value = ev.target.value.replace(/\D/g, ""); onType(ev.target.value === "" ? null : +ev.target.value); },
      focus: ev => { onTap(); ev.target.select(); }, click: () => onTap() } }));
}

// The side a French player's points are on: his team with four players,
// himself otherwise.
const sideOfSeat = (st, seat) => st.setup.players.length === 4 ? seat % 2 : seat;

// The most card points a box can hold: a side's 162; in two-player
// Belot a deal's 18 cards hold at most 156 (238 in ВК, 126 in БК).
const boxMax = m => m.kind === "two_player" ? ({ AT: 238, NT: 126 })[m.contract] ?? 156 : 162;

// Which part of the form a refusal is about, by its code: the message
// goes there (and the folded part holding it opens).
const ERROR_AT = {
  needTaker: "f-taker", needLoader: "t-order", needDeclarer: "r-declarer", needLastTrick: "r-last",
  last_trick_needed: "r-last", last_trick_points: "r-last", capo_last_trick: "r-last",
  capo_twice: "r-capo", nobody_took_tricks: "r-capo", no_trick_points: "pts",
  needPoints: "pts", pointsRange: "pts", card_points: "pts", card_points_all: "pts", card_points_between: "pts",
  card_points_both: "pts", card_points_missing: "pts", card_points_range: "pts", card_points_sum: "pts",
  capot_points_two: "pts", capot_points: "f-capot", capot_other_points: "f-capot",
  announcement_points: "f-ann", melds_or_points: "f-ann", melds_need_trump: "f-ann",
  construction_points: "t-melds", belas_per_suit: "t-belas", belas_total: "t-belas", bela_one_player: "t-belas",
  combination_points: "r-melds", belots_total: "r-belots",
};

function dealForm(st) {
  const v = st.setup.rules.variant, n = st.setup.players.length, names = sides(st), ns = names.length;
  const players = st.setup.players.map((p, i) => [i, p]);
  const sideList = names.map((p, i) => [i, p]);
  // The form's model; editing an existing deal starts from its entry.
  const from = editing || prefill;
  const m = from ? JSON.parse(JSON.stringify(from.entry)) : {};
  // A deal entered again replaces its refused copy once it is saved.
  const replaces = from && from.key;
  prefill = null;
  if (v === "french") { m.kind = "french"; m.card_points ??= Array(ns).fill(null); m.announcements = m.announcements && m.announcements.length ? m.announcements : Array(ns).fill(0); }
  if (v === "two_player") { m.kind = "two_player"; m.card_points ??= [null, null]; m.constructions ??= [0, 0]; m.belas ??= [0, 0]; m.contract ??= "H"; m.raspasy ??= false; }
  if (v === "three_player") { m.kind = "three_player"; m.card_points ??= [null, null, null]; m.combinations ??= [0, 0, 0]; m.belots ??= [0, 0, 0]; m.capo ??= []; }
  const form = el("form", { id: "deal-form", "aria-label": t("newDeal"), novalidate: true });
  // Where every card is in play (French for 4 or 3) the last side's points
  // follow from the 162: that box is left for the app. French for 2 and the
  // two- and three-player games leave cards out: every box is typed.
  const derived = v === "french" && n !== 2;
  // Which box the keypad types into: the one last tapped, else the
  // taker's (loader's, declarer's) side. A box holding a number it has
  // not typed (a deal opened to edit, a box tapped) is replaced by the
  // first digit, not appended to.
  let target = null;
  const fresh = new Set(editing ? m.card_points.map((x, i) => x != null ? i : -1).filter(i => i >= 0) : []);
  const first = () => v === "french" ? (m.taker != null ? sideOfSeat(st, m.taker) : 0) : v === "two_player" ? m.loader ?? 0 : m.declarer ?? 0;
  const keypadTarget = () => target ?? first();
  const typed = () => m.card_points.filter((x, i) => x != null && !fresh.has(i)).length;
  // After a digit: on to the next box once no further digit fits, unless
  // every box the players must give is typed.
  const advance = k => {
    const x = m.card_points[k];
    if (x == null || (x !== 0 && x * 10 <= boxMax(m))) return;
    if (derived && typed() >= ns - 1) return;
    for (let j = 1; j < ns; j++) {
      const i = (k + j) % ns;
      if (m.card_points[i] == null || fresh.has(i)) { target = i; return; }
    }
  };
  const press = d => {
    const k = keypadTarget();
    const cur = fresh.has(k) ? 0 : m.card_points[k] ?? 0;
    fresh.delete(k);
    target = k;
    if (d === "C") m.card_points[k] = null;
    else if (d === "⌫") m.card_points[k] = Math.floor(cur / 10) || null;
    else if (cur * 10 + d <= boxMax(m)) { m.card_points[k] = cur * 10 + d; advance(k); }
    // French for four: a side's points say the other's; one box is typed.
    if (v === "french" && n === 4 && m.card_points[k] != null) m.card_points[1 - k] = null;
    form.dispatchEvent(new Event("redraw"));
  };
  // The points boxes and the keypad under them; a box the app derives
  // shows its points as a placeholder.
  const pointBoxes = (prefix, labels) => {
    const empty = m.card_points.map((x, i) => x == null ? i : -1).filter(i => i >= 0);
    const sum = m.card_points.reduce((a, x) => a + (x ?? 0), 0);
    const hint = i => derived && m.capot == null && empty.length === 1 && empty[0] === i && sum <= 162 ? String(162 - sum) : undefined;
    const boxes = labels.map((s, i) => pointsInput(`${prefix}-${i}`, s, m.card_points[i], {
      onType: x => {
        m.card_points[i] = x; target = i; fresh.delete(i);
        if (v === "french" && n === 4 && x != null) {
          // Typing keeps the box (no redraw): the other side in place.
          m.card_points[1 - i] = null;
          const o = $(`#${prefix}-${1 - i}`, form);
          if (o) { o.value = ""; o.placeholder = m.capot == null && x <= 162 ? String(162 - x) : ""; }
        }
      },
      onTap: () => { if (target !== i) { target = i; if (m.card_points[i] != null) fresh.add(i); markTarget(prefix, labels); } },
      placeholder: hint(i), cls: keypadTarget() === i ? "kp-target" : undefined }));
    return [el("fieldset", { id: "pts" }, el("legend", {}, t("points")), el("div", { class: "row pts" }, boxes)),
      el("p", { class: "note", id: "kp-for" }, t("keypadFor").replace("{s}", labels[keypadTarget()])),
      keypad(press)];
  };
  // A tap on a box moves the keypad there without a redraw (which would
  // take the focus from under the finger).
  const markTarget = (prefix, labels) => {
    labels.forEach((_, i) => $(`#${prefix}-${i}`, form)?.classList.toggle("kp-target", i === keypadTarget()));
    const note = $("#kp-for", form);
    if (note) note.textContent = t("keypadFor").replace("{s}", labels[keypadTarget()]);
  };
  // The folded part of a form (announcements, capot, melds…): most deals
  // have none of it. Opened, it is scrolled above the sticky Save bar.
  const folds = new Set();
  const more = (id, label, open, ...content) => {
    const box = el("details", { id, class: "more", open: open || folds.has(id),
      on: { toggle: ev => { if (ev.target.open) { folds.add(id); showAbove(ev.target); } else folds.delete(id); } } },
      el("summary", {}, label), ...content);
    return box;
  };
  const redraw = () => form.dispatchEvent(new Event("redraw"));
  const draw = () => {
    // "New deal" is said to screen readers; the screen's room goes to the form.
    const body = [el("h2", { class: editing ? "" : "sr-only" }, editing ? `${t("edit")} #${editing.id}` : t("newDeal"))];
    if (v === "french") {
      body.push(choice(t("taker"), players, m.taker, x => { m.taker = x; target = null; }, "f-taker"));
      body.push(...pointBoxes("f-points", names));
      body.push(choice(t("belote"), sideList, m.belote, x => { m.belote = x; }, "f-belote"));
      body.push(more("f-more", t("more"), m.capot != null || m.announcements.some(a => a > 0),
        el("fieldset", { id: "f-ann" }, el("legend", {}, t("announcements")),
          names.map((s, i) => el("div", { class: "row chips" }, el("span", {}, `${s}: `, el("strong", { "data-ann": i }, m.announcements[i])),
            [20, 50, 100, 150, 200].map(a => el("button", { type: "button", id: `f-ann-${i}-${a}`, "aria-label": `${s} +${a}`, on: { click: () => { m.announcements[i] += a; redraw(); } } }, `+${a}`)),
            el("button", { type: "button", id: `f-ann-${i}-0`, "aria-label": `${s} ${t("clear")}`, on: { click: () => { m.announcements[i] = 0; redraw(); } } }, "0")))),
        choice(t("capot"), sideList, m.capot, x => { m.capot = x; }, "f-capot")));
    } else if (v === "two_player") {
      body.push(orderGrid(m, players, () => { target = null; }));
      body.push(...pointBoxes("t-points", st.setup.players));
      body.push(more("t-more", t("moreTwo"), m.constructions.some(x => x > 0) || m.belas.some(x => x > 0),
        chips(t("constructions"), players, m.constructions, "t-melds", form),
        counter(t("belas"), players, m.belas, "t-belas", form)));
    } else {
      body.push(choice(t("declarer"), players, m.declarer, x => { m.declarer = x; target = null; }, "r-declarer"));
      body.push(...pointBoxes("r-points", st.setup.players));
      const capoNote = m.capo.length && !st.setup.rules.options.capo_also_scores_last_trick
        ? el("p", { class: "note", id: "capo-note" }, t("capoNote")) : null;
      body.push(more("r-more", t("moreThree"), m.capo.length > 0 || m.last_trick != null || m.combinations.some(x => x > 0) || m.belots.some(x => x > 0),
        el("fieldset", { id: "r-capo" }, el("legend", {}, t("capo")), el("div", { class: "toggle" }, players.map(([i, p]) =>
          el("button", { type: "button", id: `r-capo-${i}`, "aria-pressed": String(m.capo.includes(i)), on: { click: () => { m.capo = m.capo.includes(i) ? m.capo.filter(x => x !== i) : [...m.capo, i]; redraw(); } } }, p)))),
        // Who took the last trick matters only in a capo deal.
        m.capo.length || m.last_trick != null ? choice(t("lastTrick"), players, m.last_trick, x => { m.last_trick = x; }, "r-last") : null,
        capoNote,
        chips(t("combinations"), players, m.combinations, "r-melds", form),
        counter(t("belot"), players, m.belots, "r-belots", form)));
    }
    if (!editing) body.push(el("p", { id: "preview", class: "preview", "aria-live": "polite" }));
    body.push(el("div", { class: "row", id: "save-bar" },
      el("p", { class: "error", id: "form-error", role: "alert" }),
      el("button", { type: "submit", class: "primary", id: "save" }, editing ? t("update") : t("save")),
      el("button", { type: "button", id: "thrown-in", on: { click: () => submit({ kind: "thrown_in" }) } }, t("thrownIn")),
      v === "two_player" ? el("button", { type: "button", id: "redeal", on: { click: () => submit({ kind: "redeal" }) } }, t("redeal")) : null,
      editing ? el("button", { type: "button", id: "cancel", on: { click: () => { editing = null; renderGame(); } } }, t("cancel")) : null));
    const focused = document.activeElement && document.activeElement.id;
    form.replaceChildren(...body);
    if (focused && $(`#${focused}`, form)) $(`#${focused}`, form).focus({ preventScroll: true });
  };
  form.dataset.version = st.version;
  if (replaces) form.dataset.dirty = "1";
  // Any tap or keystroke in the form marks it as started (phones do not
  // always focus buttons, so focus alone cannot tell).
  form.addEventListener("click", () => { form.dataset.dirty = "1"; });
  form.addEventListener("input", () => { form.dataset.dirty = "1"; });
  // A refusal next to what it is about, in view and said aloud.
  const fail = (code, text) => {
    const at = ERROR_AT[code];
    const fold = at && $(`#${at}`, form)?.closest("details");
    if (fold && !fold.open) { folds.add(fold.id); draw(); }
    const anchor = at && $(`#${at}`, form);
    const box = $("#form-error", form);
    box.textContent = text;
    if (anchor) anchor.append(box); else $("#save-bar", form).prepend(box);
    showAbove(box);
  };
  form.fail = fail;
  const submit = async entry => {
    // A second tap while the first is on its way saves nothing twice.
    if (form.dataset.busy === "1") return;
    const problem = check(entry);
    if (problem) { fail(problem, t(problem)); return; }
    // A deal after the game's end counts for nothing: asked first.
    if (!editing && game.table.winner != null && form.dataset.afterEnd !== "1") {
      fail("", t("afterEndAsk"));
      $("#form-error", form).append(" ", el("button", { type: "button", id: "save-after", on: { click: () => { form.dataset.afterEnd = "1"; submit(entry); } } }, t("saveAfter")));
      return;
    }
    const change = editing ? { op: "edit", id: editing.id, entry } : { op: "add", entry };
    form.dataset.busy = "1";
    const ok = await send(change, +form.dataset.version, newKey(), form).finally(() => { form.dataset.busy = ""; });
    if (ok && replaces) { saveQueue(queue().filter(q => q.key !== replaces)); renderGame(); }
    // A short confirmation; the form is fresh, in view, the totals too.
    if (ok === true && change.op === "add") { say(t("saved").replace("{n}", game.table.rows.length)); window.scrollTo(0, 0); }
    // Refused as stale: the user has now seen the current table, so the
    // same form sent again applies on top of it.
    if (!ok && game.version > +form.dataset.version) form.dataset.version = game.version;
  };
  // The entry as sent: two- and three-player boxes left empty are 0; a
  // French side left empty is derived by the server.
  const entryOf = () => {
    const e = JSON.parse(JSON.stringify(m));
    if (e.kind === "two_player") { e.card_points = e.card_points.map(x => x ?? 0); if (e.raspasy) delete e.loader; }
    if (e.kind === "three_player") e.card_points = e.card_points.map(x => x ?? 0);
    for (const k of Object.keys(e)) if (e[k] === null || e[k] === undefined) delete e[k];
    if (e.kind === "french") e.card_points = m.card_points;
    return e;
  };
  // The outcome before saving: what the deal as typed would make.
  let previewTimer = null;
  const preview = () => {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(async () => {
      const box = $("#preview", form);
      if (!box) return;
      const e = entryOf();
      if (check(e) || e.card_points.every(x => !x)) { box.textContent = ""; return; }
      const r = await api("POST", `/api/sheets/${st.id}/preview`, { entry: e });
      box.textContent = r.ok ? previewText(st, r.body.row) : "";
    }, 250);
  };
  form.addEventListener("redraw", draw);
  form.addEventListener("redraw", preview);
  form.addEventListener("input", preview);
  form.addEventListener("submit", ev => {
    ev.preventDefault();
    submit(entryOf());
  });
  draw();
  return form;
}

// Scrolls an element into view above the sticky Save bar and below the
// sticky totals (their heights are the scroll margins in app.css).
function showAbove(elem) {
  const r = elem.getBoundingClientRect();
  const bar = $("#save-bar"), totals = $(".totals");
  const bottom = bar && !bar.contains(elem) ? bar.getBoundingClientRect().top : window.innerHeight;
  const top = totals ? totals.getBoundingClientRect().bottom : 0;
  if (r.bottom > bottom) window.scrollBy(0, Math.min(r.bottom - bottom + 8, r.top - top - 8));
  else if (r.top < top) window.scrollBy(0, r.top - top - 8);
}

// Two-player Belot: who ordered what, in one tap (a row of contracts per
// player); or the all-pass deal (распасы), with its turned suit.
const CONTRACTS = ["S", "H", "D", "C", "AT", "NT"];
const contractShort = c => SUITS[c] || t(c === "AT" ? "atShort" : "ntShort");
const contractName = c => t({ S: "spades", H: "hearts", D: "diamonds", C: "clubs", AT: "allTrumps", NT: "noTrumps" }[c]);
function orderGrid(m, players, picked) {
  const redraw = ev => ev.currentTarget.closest("form").dispatchEvent(new Event("redraw"));
  const pick = (loader, contract) => ev => {
    const same = !m.raspasy && m.loader === loader && m.contract === contract;
    m.raspasy = false; m.loader = same ? null : loader; m.contract = contract; picked(); redraw(ev);
  };
  const rows = players.map(([i, p]) => el("div", { class: "order-row" }, el("span", { class: "order-name" }, p),
    CONTRACTS.map(c => el("button", { type: "button", id: `t-order-${i}-${c}`, "data-value": c, "aria-label": `${p}: ${contractShort(c)} (${contractName(c)})`,
      "aria-pressed": String(!m.raspasy && m.loader === i && m.contract === c), on: { click: pick(i, c) } }, contractShort(c)))));
  const rasp = el("button", { type: "button", id: "t-raspasy", "aria-pressed": String(m.raspasy),
    on: { click: ev => { m.raspasy = !m.raspasy; if (m.raspasy) { m.loader = null; if (!SUITS[m.contract]) m.contract = "H"; } picked(); redraw(ev); } } }, t("raspasy"));
  // In an all-pass deal nobody ordered: its turned suit instead.
  if (!m.raspasy) return el("fieldset", { id: "t-order" }, el("legend", {}, t("whoOrdered")), rows, el("div", { class: "row" }, rasp));
  return el("fieldset", { id: "t-order" }, el("legend", {}, t("whoOrdered")), el("div", { class: "row" }, rasp),
    choice(t("turnedSuit"), Object.entries(SUITS), m.contract, x => { m.contract = x ?? "H"; }, "t-contract"));
}

// A previewed row in words: the outcome, what each side records, held.
function previewText(st, row) {
  const names = sides(st);
  const rec = row.recorded.map((x, i) => `${names[i]} ${fmt(x)}`).join(" · ");
  return `${outcomeOf(row)}: ${rec}${row.pool_after > 0 ? ` · ${t("held")} ${fmt(row.pool_after)}` : ""}`;
}

// What the page can tell is missing before sending: the key of a message.
function check(e) {
  if (e.kind === "two_player") return !e.raspasy && e.loader == null ? "needLoader" : null;
  if (e.kind === "three_player") return e.declarer == null ? "needDeclarer" : e.capo.length && e.last_trick == null ? "needLastTrick" : null;
  if (e.kind !== "french") return null;
  if (e.taker == null) return "needTaker";
  const pts = e.card_points || [];
  if (e.capot == null && pts.every(x => x == null)) return "needPoints";
  if (e.capot == null && pts.some(x => x != null && (x < 0 || x > 162))) return "pointsRange";
  return null;
}

// Meld points per player as chips (20, 50, 100, 150, 200), 0 to clear:
// tapped, not typed.
function chips(label, players, points, id, form) {
  return el("fieldset", { id }, el("legend", {}, label), players.map(([i, p]) => el("div", { class: "row chips" },
    el("span", {}, `${p}: `, el("strong", { "data-points": i }, points[i])),
    [20, 50, 100, 150, 200].map(a => el("button", { type: "button", id: `${id}-${i}-${a}`, "aria-label": `${p} +${a}`,
      on: { click: () => { points[i] += a; form.dispatchEvent(new Event("redraw")); } } }, `+${a}`)),
    el("button", { type: "button", id: `${id}-${i}-0`, "aria-label": `${p} 0`,
      on: { click: () => { points[i] = 0; form.dispatchEvent(new Event("redraw")); } } }, "0"))));
}

// How many belas (belots) each player declared: tap + for each, 0 to
// clear (a count, not points: each is worth 20).
function counter(label, players, counts, id, form) {
  return el("fieldset", { id }, el("legend", {}, label), players.map(([i, p]) => el("div", { class: "row chips" },
    el("span", {}, `${p}: `, el("strong", { "data-count": i }, counts[i])),
    el("button", { type: "button", id: `${id}-${i}-plus`, "aria-label": `${p} ${label} +1`,
      on: { click: () => { counts[i] = Math.min(counts[i] + 1, 4); form.dispatchEvent(new Event("redraw")); } } }, "+1"),
    el("button", { type: "button", id: `${id}-${i}-zero`, "aria-label": `${p} ${label} 0`,
      on: { click: () => { counts[i] = 0; form.dispatchEvent(new Event("redraw")); } } }, "0"))));
}

function keypad(press) {
  return el("div", { class: "keypad", role: "group", "aria-label": t("keypad") },
    [1, 2, 3, "⌫", 4, 5, 6, "C", 7, 8, 9, 0].map(d => el("button", { type: "button", "aria-label": d === "C" ? t("clear") : d === "⌫" ? t("backspace") : String(d), on: { click: () => press(d) } }, String(d))));
}

function historyTable(st, names) {
  const edit = st.mode === "edit";
  const rows = st.table.rows;
  const byId = new Map(rows.map(r => [r.id, r]));
  const body = el("tbody");
  let n = 0;
  for (const item of st.items) {
    const r = byId.get(item.id);
    const tr = el("tr", { class: item.deleted ? "deleted" : r && !r.counted ? "after" : "", tabindex: edit ? 0 : false, "data-id": item.id });
    if (r) {
      n++;
      // Narrow enough for a 360-pixel phone: the number over the dealer,
      // the contract with its outcome and marks, then each side's points
      // over its running total.
      tr.append(el("td", {}, r.number, el("small", {}, st.setup.players[r.dealer])),
        el("td", {}, contractOf(st, item.entry) + " " + outcomeOf(r), el("small", {}, marks(st, item.entry, r))),
        ...r.recorded.map((x, i) => el("td", {}, fmt(x), el("small", {}, fmt(r.totals[i])))));
    } else {
      tr.append(el("td", {}, "—"), el("td", {}, contractOf(st, item.entry), el("small", {}, t("deleted"))),
        ...names.map(() => el("td", {}, "")));
    }
    if (edit) {
      const open = () => actions(item, tr);
      tr.addEventListener("click", open);
      tr.addEventListener("keydown", ev => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); open(); } });
    }
    body.append(tr);
  }
  const head = el("tr", {}, el("th", {}, "#"), el("th", {}, t("contract")), ...names.map(s => el("th", {}, s)));
  return el("section", { "aria-label": t("history") }, el("h2", {}, t("history")),
    el("div", { class: "scroll", tabindex: 0, role: "group", "aria-label": t("history") }, el("table", {}, el("thead", {}, head), body)));
}

// What a row's figures do not say: capot, belote, announcements, points
// held, and a deal entered after the end.
function marks(st, e, r) {
  const sideName = i => sides(st)[i] || "";
  const out = [];
  if (e.capot != null) out.push(`${t("capot")} ${sideName(e.capot)}`);
  if (e.belote != null) out.push(`${t("belote")} ${sideName(e.belote)}`);
  const ann = (e.announcements || []).reduce((a, b) => a + b, 0) + (e.constructions || []).reduce((a, b) => a + b, 0) + (e.combinations || []).reduce((a, b) => a + b, 0);
  if (ann > 0) out.push(`${t("announcements")} ${ann}`);
  if (r.pool_after > 0) out.push(`${t("held")} ${fmt(r.pool_after)}`);
  if (!r.counted) out.push(t("after"));
  return out.join(" · ");
}

// A deal's figures as entered (what a deleted deal held, too): card
// points, announcements or melds, and the points it left waiting.
function details(st, item) {
  const e = item.entry, names = e.kind === "french" ? sides(st) : st.setup.players;
  const list = (label, xs) => xs && xs.some(x => x) ? `${label}: ${xs.map((x, i) => `${names[i]} ${x ?? "—"}`).join(", ")}` : null;
  const row = st.table.rows.find(r => r.id === item.id);
  return [list(t("points"), e.card_points), list(t("announcements"), e.announcements),
    list(t("constructions"), e.constructions), list(t("combinations"), e.combinations),
    row && row.pool_after > 0 ? `${t("held")}: ${fmt(row.pool_after)}` : null].filter(Boolean).join(" · ");
}

function actions(item, tr) {
  const old = $("#row-actions");
  if (old) old.remove();
  const box = el("tr", { id: "row-actions" }, el("td", { colspan: 99 }, el("p", { class: "note", id: "row-details" }, details(game, item)), el("div", { class: "row" },
    item.deleted
      ? el("button", { id: "restore", on: { click: () => send({ op: "restore", id: item.id }) } }, t("restore"))
      : [el("button", { id: "edit", on: { click: () => { editing = item; renderGame(); $("#deal-form").scrollIntoView(); } } }, t("edit")),
         el("button", { id: "delete", on: { click: () => send({ op: "delete", id: item.id }) } }, t("delete"))])));
  tr.after(box);
  $("button", box).focus();
}

// The totals over the deals: a line per side, with its figures (0, the
// target, each side's total at the end of its line, the deal numbers).
function chart(st, names) {
  const rows = st.table.rows.filter(r => r.counted);
  const W = 320, H = 160, L = 34, R = 40, T = 12, B = 20;
  const target = st.setup.rules.options.target;
  const all = rows.flatMap(r => r.totals).concat([0, target || 0]);
  const max = Math.max(...all, 1), min = Math.min(...all, 0);
  const x = i => L + (W - L - R) * (rows.length ? i / rows.length : 0);
  const y = v => H - B - (H - T - B) * (v - min) / (max - min || 1);
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  const put = (tag, attrs, text) => { const e = document.createElementNS(NS, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); if (text != null) e.textContent = text; svg.append(e); return e; };
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  const last = rows.length ? rows[rows.length - 1].totals : names.map(() => 0);
  svg.setAttribute("aria-label", `${t("chart")}: ${names.map((s, i) => `${s} ${fmt(last[i] || 0)}`).join(", ")}`);
  const colors = ["#0b6e4f", "#c44536", "#3d5a80", "#9c6644"];
  const label = (v, dy = 3) => put("text", { x: L - 4, y: y(v) + dy, "text-anchor": "end", "font-size": 10, fill: "#555" }, fmt(v));
  put("line", { x1: L, y1: y(0), x2: W - R, y2: y(0), stroke: "#999", "stroke-width": 1 });
  label(0);
  if (target) {
    put("line", { x1: L, y1: y(target), x2: W - R, y2: y(target), stroke: "#999", "stroke-width": 1, "stroke-dasharray": "4 3" });
    label(target);
  }
  if (min < 0) label(min);
  // The deal numbers along the bottom: the first, the last, and about
  // five between.
  const step = Math.max(1, Math.ceil(rows.length / 6));
  for (let i = step; i <= rows.length; i += step) put("text", { x: x(i), y: H - 5, "text-anchor": "middle", "font-size": 9, fill: "#555" }, String(i));
  // Each side's total at the end of its line, moved apart where close.
  const ends = names.map((_, s) => ({ s, at: y(last[s] || 0) })).sort((p, q) => p.at - q.at);
  ends.forEach((e, k) => { if (k && e.at - ends[k - 1].at < 11) e.at = ends[k - 1].at + 11; });
  names.forEach((_, s) => {
    const pts = [[x(0), y(0)], ...rows.map((r, i) => [x(i + 1), y(r.totals[s])])];
    put("polyline", { points: pts.map(p => p.join(",")).join(" "), fill: "none", stroke: colors[s % 4], "stroke-width": 2 });
    const end = ends.find(e => e.s === s);
    put("text", { x: W - R + 4, y: end.at + 3, "font-size": 10, "font-weight": 700, fill: colors[s % 4] }, fmt(last[s] || 0));
  });
  return el("section", {}, el("h2", {}, t("chart")), svg,
    el("p", { class: "note" }, names.map((s, i) => { const e = el("span", {}, "■ " + s + "  "); e.style.color = colors[i % 4]; return e; })));
}

// Where the other phones can reach the server (GET /api/reach), asked
// once per page: the answer, and the request on its way.
const reach = { known: null, asked: null };
function sharePanel(st) {
  // Opened on this machine (127.0.0.1, localhost, [::1]), the page's own
  // address is no use to the other phones: the links and QR codes use the
  // server's first address on the network (GET /api/reach), or a note
  // says how to start the server so the phones can reach it.
  const links = [], items = [];
  const add = (label, id, path, qr) => {
    const input = el("input", { type: "text", readonly: true, "aria-label": t(label), id });
    const img = el("img", { alt: "QR: " + t(label) });
    links.push({ input, img, path, qr });
    items.push(el("div", {}, el("p", {}, t(label)), input, img));
  };
  if (st.id) add("editLink", "edit-link", `/g/${st.id}`, `/api/sheets/${st.id}/qr.svg`);
  add("viewLink", "view-link", `/v/${st.view_id}`, `/api/view/${st.view_id}/qr.svg`);
  const show = origin => {
    for (const l of links) { l.input.setAttribute("value", origin + l.path); l.img.src = `${l.qr}?origin=${encodeURIComponent(origin)}`; }
  };
  const note = el("p", { class: "note", id: "reach-note", hidden: true });
  const host = location.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const apply = r => {
    const url = r.urls && r.urls[0];
    show(url || location.origin);
    if (!url) {
      const port = location.port || (location.protocol === "https:" ? "443" : "80");
      note.textContent = t(r.loopback_only ? "reachLocal" : "reachNone").replace("{port}", port);
      note.hidden = false;
    }
  };
  if (!(host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1")) show(location.origin);
  else if (reach.known) apply(reach.known);
  else {
    show(location.origin);
    reach.asked = reach.asked || fetch("/api/reach", { cache: "no-store" }).then(r => r.ok ? r.json() : null).catch(() => null)
      .then(r => { if (r) reach.known = r; else reach.asked = null; return r; });
    reach.asked.then(r => { if (r) apply(r); });
  }
  const exp = st.id ? el("p", {}, t("export") + ": ", el("a", { href: `/api/sheets/${st.id}/export.csv` }, "CSV"), " · ", el("a", { href: `/api/sheets/${st.id}/export.json` }, "JSON")) : null;
  return el("section", {}, el("h2", {}, t("share")), el("div", { class: "share" }, items), note, exp);
}

// ---- changes kept on this phone until the server has them ----
// Each change carries a random key, so one sent again (the answer was lost,
// the page was reloaded) is applied once by the server.
const QUEUE = "belot.queue";
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), b => b.toString(16).padStart(2, "0")).join("");
function queue() {
  try { return JSON.parse(localStorage.getItem(QUEUE)) || []; } catch (e) { return []; }
}
function saveQueue(q) {
  localStorage.setItem(QUEUE, JSON.stringify(q));
}
function enqueue(item) {
  saveQueue([...queue(), item]);
  scheduleFlush();
}
let flushing = false, flushTimer = null;
function scheduleFlush() {
  if (!flushTimer) flushTimer = setTimeout(() => { flushTimer = null; flush(); }, 3000);
}
// Sends this game's waiting changes in order. One refused is kept and
// shown, never dropped; another phone's change meanwhile: it goes on top.
async function flush() {
  if (flushing || !game || !game.id) return;
  flushing = true;
  let sent = false;
  try {
    for (;;) {
      const item = queue().find(i => i.game === game.id && !i.refused);
      if (!item) break;
      const url = `/api/sheets/${item.game}/changes`;
      let r = await api("POST", url, { version: item.version, change: item.change, key: item.key });
      if (r.status === 409 && r.body.state) {
        game = r.body.state;
        r = await api("POST", url, { version: game.version, change: item.change, key: item.key });
      }
      if (r.status === 0) { scheduleFlush(); break; }
      const rest = queue().filter(i => i.key !== item.key);
      saveQueue(r.ok ? rest : [...rest, { ...item, refused: errorText(r) }]);
      sent = true;
    }
  } finally {
    flushing = false;
  }
  if (sent) {
    const r = await api("GET", `/api/sheets/${game.id}`);
    if (r.ok) game = r.body;
    renderKeepingForm();
  }
}
function pendingList(st) {
  const mine = queue().filter(i => i.game === st.id);
  if (!mine.length) return null;
  return el("section", { id: "pending", "aria-label": t("notSent") }, el("h2", {}, `${t("notSent")} (${mine.length})`),
    el("ul", {}, mine.map(i => el("li", {}, pendingText(st, i.change),
      i.refused ? [el("span", { class: "error" }, " " + i.refused), " ",
        i.change.entry ? el("button", { type: "button", class: "quiet", "data-reenter": i.key, on: { click: () => reenter(i) } }, t("reenter")) : null,
        el("button", { type: "button", class: "quiet", on: { click: () => { saveQueue(queue().filter(q => q.key !== i.key)); renderGame(); } } }, t("discard"))] : null))));
}
// A refused waiting deal back in the form, as typed, to be put right and
// saved again: taken off the list only then, so it is never lost.
let prefill = null;
function reenter(item) {
  const c = item.change;
  if (c.op === "edit" && game.items.some(i => i.id === c.id)) editing = { id: c.id, entry: c.entry, key: item.key };
  else prefill = { entry: c.entry, key: item.key };
  renderGame();
  $("#deal-form").scrollIntoView();
}
// The phone's own scorer (score.js: belot-score's rules in the page,
// checked against its answers by ui/test/): deals that wait on the phone
// count in the totals, the points waiting, the next dealer and the winner
// at once. Loaded when a game opens, so that it is at hand offline.
const scorer = { module: null, asked: null };
function loadScorer() {
  if (!scorer.asked) scorer.asked = import("/score.js").then(m => (scorer.module = m)).catch(() => { scorer.asked = null; });
  return scorer.asked;
}
// The table with this game's waiting changes applied, or null (none, the
// scorer not loaded, or a change it cannot apply on the phone: an undo, a
// revert, new house rules; then the server's table is shown).
function withWaiting(st) {
  const mine = queue().filter(i => i.game === st.id && !i.refused);
  const m = scorer.module;
  if (!mine.length || !m || !st.items) return null;
  let items = st.items.map(i => ({ ...i }));
  for (const { change: c } of mine) {
    const at = items.findIndex(i => i.id === c.id);
    if (c.op === "add") items.push({ id: null, entry: c.entry, deleted: false });
    else if (c.op === "edit" && at >= 0) items[at] = { ...items[at], entry: c.entry };
    else if ((c.op === "delete" || c.op === "restore") && at >= 0) items[at] = { ...items[at], deleted: c.op === "delete" };
    else if (c.op === "take_back") { const live = items.filter(i => !i.deleted); items = items.filter(i => i !== live[live.length - 1]); }
    else return null;
  }
  try {
    return { ...m.scoreTable(st.setup, items.filter(i => !i.deleted).map(i => i.entry)), waiting: mine.length };
  } catch (e) {
    return null;
  }
}

// A waiting change in full: the deal as entered (who took, points,
// announcements, belote, capot…), or what the change does.
function pendingText(st, c) {
  const e = c.entry;
  if (!e) return fillIn(t(`ch_${c.op}`), { id: c.id });
  if (e.kind === "thrown_in") return t("thrown");
  if (e.kind === "redeal") return t("redeal");
  const head = (e.raspasy ? t("raspasy") + " " : "") + contractOf(st, e);
  const sideName = i => sides(st)[i] || "";
  const extra = [e.capot != null ? `${t("capot")} ${sideName(e.capot)}` : null, e.belote != null ? `${t("belote")} ${sideName(e.belote)}` : null];
  const counts = (label, xs) => xs && xs.some(x => x) ? `${label}: ${xs.map((x, i) => `${st.setup.players[i]} ${x}`).join(", ")}` : null;
  return [c.op === "edit" ? `${t("edit")} #${c.id}: ${head}` : head, details(st, { id: null, entry: e }), ...extra,
    counts(t("belas"), e.belas), counts(t("belot"), e.belots), e.capo && e.capo.length ? `${t("capo")}: ${e.capo.map(s => st.setup.players[s]).join(", ")}` : null]
    .filter(Boolean).join(" · ");
}

// A change's delta (the answer to a change, and the live event after it):
// the rows and items from the first that changed, and the short fields.
// Null when it does not follow from this state.
function patch(st, d) {
  if (!st || d.base !== st.version) return null;
  const table = { ...st.table, rows: st.table.rows.slice(0, d.rows_from).concat(d.rows), totals: d.totals,
    pool: d.pool, pool_lost: d.pool_lost, next_dealer: d.next_dealer, winner: d.winner };
  return { ...st, version: d.version, setup: d.setup || st.setup, table, items: st.items.slice(0, d.items_from).concat(d.items),
    can_undo: d.can_undo, can_redo: d.can_redo, can_take_back: d.can_take_back, can_put_back: d.can_put_back };
}

function connect(path) {
  if (source) source.close();
  source = new EventSource(path);
  source.addEventListener("delta", ev => {
    const d = JSON.parse(ev.data);
    if (game && d.version <= game.version) { say(t("live")); return; }
    const next = patch(game, d);
    // Out of step: reconnecting sends the whole state first.
    if (!next) { connect(path); return; }
    game = next;
    say(t("live"));
    renderKeepingForm();
  });
  source.addEventListener("state", ev => {
    const next = JSON.parse(ev.data);
    if (game && game.id && !next.id) next.id = game.id;
    // Our own change comes back as an event too: already drawn, and a
    // redraw now would only replace the form under the user's fingers.
    if (game && next.version === game.version) { say(t("live")); return; }
    game = next;
    say(t("live"));
    // Keep a deal being typed: redraw everything else.
    renderKeepingForm();
  });
  source.onerror = () => say(t("offline"));
  source.onopen = () => flush();
}

// The card tables' script (table.js), loaded when a table or "Play" is
// first opened: the score keeper's page stays light.
let tableScript = null;
function loadTables() {
  if (typeof routeTable === "function") return Promise.resolve(true);
  if (!tableScript) tableScript = new Promise(done => {
    const s = el("script", { src: "/table.js" });
    s.onload = () => done(true);
    s.onerror = () => { tableScript = null; s.remove(); done(false); };
    document.head.append(s);
  });
  return tableScript;
}
const tablesLoaded = () => typeof routeTable === "function";

async function route() {
  if (source) { source.close(); source = null; }
  if (tablesLoaded()) leaveTablePage();
  editing = null;
  const tm = location.pathname.match(/^\/(t|w)\/([0-9a-f]{32})$/);
  if (tm) {
    if (!(await loadTables())) { main.replaceChildren(el("p", { class: "error" }, t("offlineSave"))); return; }
    return routeTable(tm[1], tm[2]);
  }
  const m = location.pathname.match(/^\/(g|v)\/([0-9a-f]{32})$/);
  if (!m) return renderNew();
  const edit = m[1] === "g";
  const r = await api("GET", edit ? `/api/sheets/${m[2]}` : `/api/view/${m[2]}`);
  if (r.status === 0 && copyOf(location.pathname)) {
    game = copyOf(location.pathname);
    if (edit) await loadScorer();
    renderGame();
    say(t("offlineCopy"));
    connect(edit ? `/api/sheets/${m[2]}/events` : `/api/view/${m[2]}/events`);
    return;
  }
  if (!r.ok) { main.replaceChildren(el("p", { class: "error" }, errorText(r))); return; }
  game = r.body;
  if (edit) loadScorer();
  renderGame();
  // A game opens at its top: the totals and the deal form.
  window.scrollTo(0, 0);
  flush();
  connect(edit ? `/api/sheets/${m[2]}/events` : `/api/view/${m[2]}/events`);
}

function setupLang() {
  const sel = $("#lang");
  sel.replaceChildren(...LANGS.map(l => el("option", { value: l, lang: l, selected: l === lang }, LANG_NAMES[l])));
  document.documentElement.lang = lang;
  $("#lang-label").textContent = t("lang");
  sel.onchange = () => {
    lang = sel.value; localStorage.setItem("belot.lang", lang); setupLang();
    const table = tablesLoaded() && currentTable();
    if (table) { if (table.ws) renderTable(); else renderJoin(); } else if (game && location.pathname !== "/") renderGame(); else renderNew();
  };
}

// Installable, and the page opens without the server (see /sw.js).
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

window.addEventListener("popstate", route);
setupLang();
route();
