package screen

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/kiosk/board"
	"github.com/tablee/tablee/proto/joinurl"
)

func TestAttractOpensTheLobbyAndShowsTheWeek(t *testing.T) {
	test.NewTempApp(t)
	opened := false
	week := map[string][]Standing{
		"canoe":  {{Place: 1, Name: "Anouk", Wins: 4, Points: 4}, {Place: 2, Name: "Basile", Wins: 2, Points: 1}},
		"canyon": {{Place: 1, Guest: true, Games: 2, Wins: 1, Points: 3}, {Place: 2, Name: "Léa", Guest: true, Games: 1}},
	}
	a := NewAttract(words(t, i18n.FR), "Table du fond", infos(), week, func() { opened = true }, nil)
	w := test.NewTempWindow(t, a.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	if !uitest.HasText(a.Content(), "Anouk") || !uitest.HasText(a.Content(), "Touchez l'écran pour jouer") {
		t.Error("the attract screen lacks the week's champion or the invitation")
	}
	// The board shows what it ranks by, in French plurals, and the
	// guests who played on the table as guests.
	for _, want := range []string{"4 points", "1 point", "0 point", "Invité·e·s sur la table", "Léa (invité·e)"} {
		if !uitest.HasText(a.Content(), want) {
			t.Errorf("the attract screen lacks %q", want)
		}
	}
	a.Touch()
	if !opened {
		t.Error("a touch did not open the lobby")
	}
}

// The staff's week board shows the points it ranks by and the guests; the
// all-time board marks provisional ratings.
func TestStaffBoardsShowPointsGuestsAndProvisionalRatings(t *testing.T) {
	test.NewTempApp(t)
	rec := &fakeRecords{boards: map[string][]Standing{
		"canoe/week": {{Place: 1, Name: "Anouk", Games: 3, Wins: 2, Points: 2}, {Place: 2, Guest: true, Games: 2, Wins: 1, Points: 1}},
		"canoe/all": {{Place: 1, Name: "Anouk", Games: 9, Wins: 5, Rated: true, Rating: -9.04},
			{Place: 2, Name: "Basile", Games: 2, Wins: 2, Rated: true, Rating: 4.5, Provisional: true}},
	}}
	w := test.NewTempWindow(t, nil)
	s := NewStaff(context.Background(), words(t, i18n.FR), w, rec, infos(), StaffActions{})
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	week := s.ShowBoard("canoe", Week)
	if want := "[[1 Anouk 3 2 2] [2 Invité·e·s sur la table 2 1 1]]"; fmt.Sprint(week) != want {
		t.Errorf("week board %v, want %s", week, want)
	}
	if !uitest.HasText(s.Content(), "Points") {
		t.Error("the week board does not say it counts points")
	}
	all := s.ShowBoard("canoe", AllTime)
	if want := "[[1 Anouk 9 5 -9.0] [2 Basile 2 2 4.5 (provisoire)]]"; fmt.Sprint(all) != want {
		t.Errorf("all-time board %v, want %s", all, want)
	}
}

// A table of a venue offers the venue's boards beside its own, and says
// why they are provisional when it knows they miss games; a table of no
// venue offers none.
func TestStaffVenueBoards(t *testing.T) {
	test.NewTempApp(t)
	rec := &fakeRecords{boards: map[string][]Standing{
		"canoe/all":       {{Place: 1, Name: "Anouk", Games: 1, Wins: 1}},
		"venue:canoe/all": {{Place: 1, Name: "Anouk", Games: 4, Wins: 3}, {Place: 2, Name: "Chloé", Games: 3, Wins: 1}},
	}}
	w := test.NewTempWindow(t, nil)
	s := NewStaff(context.Background(), words(t, i18n.FR), w, rec, infos(), StaffActions{})
	if got := s.ShowVenueBoard("canoe", AllTime); got != nil {
		t.Errorf("a table of no venue shows a venue board: %v", got)
	}
	rec.venue = VenueState{Paired: true, Linked: true}
	s = NewStaff(context.Background(), words(t, i18n.FR), w, rec, infos(), StaffActions{})
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	if !uitest.HasText(s.Content(), "Toutes les tables") || !uitest.HasText(s.Content(), "Cette table") {
		t.Error("the staff screen of a venue's table does not offer the venue's boards")
	}
	if want := "[[1 Anouk 1 1 —]]"; fmt.Sprint(s.ShowBoard("canoe", AllTime)) != want {
		t.Errorf("the table's board %v, want %s", s.ShowBoard("canoe", AllTime), want)
	}
	if want := "[[1 Anouk 4 3 —] [2 Chloé 3 1 —]]"; fmt.Sprint(s.ShowVenueBoard("canoe", AllTime)) != want {
		t.Errorf("the venue's board %v, want %s", s.ShowVenueBoard("canoe", AllTime), want)
	}
	rec.venue.Unshared = 2
	got := s.ShowVenueBoard("canoe", AllTime)
	if len(got) != 3 || !strings.Contains(got[0], "provisoire") || !strings.Contains(got[0], "2 parties") {
		t.Errorf("a table behind the venue: %v; want the provisional note first", got)
	}
	rec.venue = VenueState{Paired: true}
	if got := s.ShowVenueBoard("canoe", AllTime); len(got) != 3 || !strings.Contains(got[0], "pas reliée") {
		t.Errorf("a table cut off from the venue: %v; want the provisional note first", got)
	}
}

// The history names bots as bots and unnamed guests as the table did,
// says who won, and shows four players' names whole.
func TestHistoryNamesBotsAndGuests(t *testing.T) {
	test.NewTempApp(t)
	rec := &fakeRecords{sessions: []SessionSummary{{ID: "a", Game: "canyon", Status: "finished",
		Players: []Who{{Name: "Gabrielle"}, {Bot: engine.LevelDefault}, {Guest: true}, {Bot: engine.LevelEasy, BotFor: "Léa"}},
		Winners: []engine.Seat{1}, Duration: time.Hour}}}
	w := test.NewTempWindow(t, nil)
	s := NewStaff(context.Background(), words(t, i18n.FR), w, rec, infos(), StaffActions{})
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	s.Select(1)
	players := s.SessionPlayers()
	want := "Gabrielle, Robot (fort), Invité 3, Robot (facile) pour Léa"
	if len(players) != 1 || players[0].Text != want {
		t.Fatalf("players %v, want %q", players, want)
	}
	if need := fyne.MeasureText(want, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding(); players[0].Size().Width < need {
		t.Errorf("the players' names are cut: %v wide, they need %v", players[0].Size().Width, need)
	}
	if !uitest.HasText(s.Content(), "Robot (fort)") || uitest.HasText(s.Content(), "#2") || uitest.HasText(s.Content(), "Place 2") {
		t.Error("the winning bot is not named as a bot")
	}
}

func TestLobbyTilesRulesAndLanguage(t *testing.T) {
	test.NewTempApp(t)
	var chosen string
	var lang i18n.Lang
	w := test.NewTempWindow(t, nil)
	l := NewLobby(words(t, i18n.DE), w, infos(), LobbyActions{Choose: func(g engine.Info) { chosen = g.ID },
		Language: func(l i18n.Lang) { lang = l }})
	w.SetContent(l.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	if !uitest.HasText(l.Content(), "Kanu") || !uitest.HasText(l.Content(), "Wählt ein Spiel") {
		t.Error("the German lobby is not in German")
	}
	test.Tap(l.RulesButton("canoe"))
	if top := w.Canvas().Overlays().Top(); top == nil || !uitest.HasText(top, "zwei Kanus") {
		t.Error("Canoë's rules are not shown in German")
	}
	test.Tap(l.PlayButton("canyon"))
	test.Tap(l.LanguageButton(i18n.EN))
	if chosen != "canyon" || lang != i18n.EN {
		t.Errorf("chose %q, language %q", chosen, lang)
	}
	for _, b := range []*widget.Button{l.PlayButton("canoe"), l.RulesButton("canoe"), l.LanguageButton(i18n.FR)} {
		if b.Size().Height < TouchSize {
			t.Errorf("button %q is %v high, want ≥ %d", b.Text, b.Size().Height, TouchSize)
		}
	}
}

func TestSeatingAddsRemovesAndRefusesABadCount(t *testing.T) {
	test.NewTempApp(t)
	var plan []SeatPlan
	var opts map[string]string
	s := NewSeating(words(t, i18n.FR), info("canaille"), nil, SeatingActions{
		Start: func(o map[string]string, p []SeatPlan) { opts, plan = o, p }})
	w := test.NewTempWindow(t, s.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	if len(s.Plan()) != 2 || s.StartButton().Disabled() {
		t.Fatalf("a new Canaille starts with %d seats, start disabled %v", len(s.Plan()), s.StartButton().Disabled())
	}
	// Two players: the first player may be seat 1 or 2, never 3 or 4.
	if got := s.Option("first").Options; len(got) != 3 || strings.Contains(strings.Join(got, ","), "Place 3") {
		t.Errorf("first player offered %q for 2 players", got)
	}
	s.AddBot(engine.LevelEasy)
	s.AddPhone()
	s.AddPhone() // a fifth is not added: Canaille is for 4 at most
	if len(s.Plan()) != 4 || s.Plan()[2].Bot != engine.LevelEasy {
		t.Fatalf("plan %+v", s.Plan())
	}
	s.Remove(0)
	s.Remove(0)
	s.Remove(0)
	if len(s.Plan()) != 1 || !s.StartButton().Disabled() || !uitest.HasText(s.Content(), "il en faut de 2 à 4") {
		t.Fatalf("one seat: plan %+v, start disabled %v", s.Plan(), s.StartButton().Disabled())
	}
	test.Tap(s.StartButton())
	if plan != nil {
		t.Fatal("the game started with one player")
	}
	s.AddBot(engine.LevelDefault)
	s.AddBot(engine.LevelMCTS)
	s.Option("first").SetSelectedIndex(3) // Place 3
	test.Tap(s.StartButton())
	if len(plan) != 3 || opts["first"] != "3" {
		t.Errorf("started with %+v, options %v", plan, opts)
	}
}

func TestJoiningShowsAReadableQRCodeAndSeatsFilling(t *testing.T) {
	test.NewTempApp(t)
	var botIn engine.Seat = engine.NoSeat
	s := NewSeating(words(t, i18n.FR), info("canoe"), nil, SeatingActions{BotIn: func(seat engine.Seat) { botIn = seat }})
	w := test.NewTempWindow(t, s.Content())
	url := joinurl.Info{Host: "192.168.1.20", WebPort: 7458, Code: "4821", TLSPort: 7457,
		Fingerprint: strings.Repeat("ab", 32)}.String()
	s.ShowJoining(url, "4821", "loutre pivert", []SeatView{{Name: "Anja", State: "connected"}, {State: "free"}})
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	if got := uitest.DecodeQR(t, s.QR()); got != url {
		t.Errorf("QR holds %q, want %q", got, url)
	}
	if !uitest.HasText(s.Content(), "4821") || !uitest.HasText(s.Content(), "loutre pivert") || !uitest.HasText(s.Content(), "Anja") {
		t.Error("the code, the check words or Anja's seat are missing")
	}
	if len(s.BotInButtons()) != 1 {
		t.Fatalf("%d offers of a bot, want one for the free seat", len(s.BotInButtons()))
	}
	test.Tap(s.BotInButtons()[0])
	if botIn != 1 {
		t.Errorf("bot offered for seat %v", botIn)
	}
	s.ShowJoining(url, "4821", "", []SeatView{{Name: "Anja", State: "connected"}, {Name: "Bernd", State: "connected"}})
	if len(s.BotInButtons()) != 0 || !uitest.HasText(s.Content(), "Bernd") {
		t.Error("a joined seat still offers a bot")
	}
}

func TestResultsShowRanksScoresAndRatings(t *testing.T) {
	test.NewTempApp(t)
	again, lobby := 0, 0
	res := engine.RankByScores([]int{3, 7}, "two-canoes")
	r := NewResults(words(t, i18n.EN), info("canoe"), res, []SeatOutcome{
		{Seat: 0, Name: "Anja", Rank: 2, Score: 3, Rated: true, Before: 10, After: 9.2},
		{Seat: 1, Name: "Bernd", Rank: 1, Score: 7, Hints: 2}}, func() { again++ }, func() { lobby++ })
	w := test.NewTempWindow(t, r.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	if r.Headline() != "Bernd wins!" {
		t.Errorf("headline %q", r.Headline())
	}
	rows := r.Rows()
	if len(rows) != 2 || rows[0][1] != "Bernd" || rows[1][3] != "9.2 (-0.8)" || rows[0][3] != "—" {
		t.Errorf("rows %q", rows)
	}
	// Each seat reads its own card from its side: Bernd sits at the top.
	// Bernd asked for two hints: his card says so (issue 29).
	if card, turn := r.Card(1); fmt.Sprint(card) != "[Rank 1 Bernd  Winner! Score: 7 Hints used: 2]" || turn != 2 {
		t.Errorf("Bernd's card %q turned %d", card, turn)
	}
	if card, turn := r.Card(0); fmt.Sprint(card) != "[Rank 2 Anja Score: 3 Rating: 9.2 (-0.8)]" || turn != 0 {
		t.Errorf("Anja's card %q turned %d", card, turn)
	}
	test.Tap(r.Again())
	test.Tap(r.Lobby())
	if again != 1 || lobby != 1 {
		t.Errorf("again %d lobby %d", again, lobby)
	}
}

// Four seats round the table: each card is turned to its side and lies
// in its seat's slot, none covers "Rejouer" or "Retour", and a bot that
// wins is named as a bot.
func TestResultsFaceEachSeatAndNameBots(t *testing.T) {
	test.NewTempApp(t)
	res := engine.RankByScores([]int{2, 9, 5, 1}, "test")
	r := NewResults(words(t, i18n.FR), info("canyon"), res, []SeatOutcome{
		{Seat: 0, Name: "Anja", Rank: 3, Score: 2}, {Seat: 1, Bot: engine.LevelDefault, Rank: 1, Score: 9},
		{Seat: 2, Rank: 2, Score: 5}, {Seat: 3, Bot: engine.LevelEasy, BotFor: "Léa", Rank: 4, Score: 1}}, func() {}, func() {})
	w := test.NewTempWindow(t, r.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	if r.Headline() != "Robot (fort) gagne !" {
		t.Errorf("headline %q", r.Headline())
	}
	for seat, want := range map[engine.Seat]string{
		0: "[3e Anja Score : 2]", 1: "[1er Robot (fort)  Victoire ! Score : 9]",
		2: "[2e Place 3 Score : 5]", 3: "[4e Robot (facile) pour Léa Score : 1]"} {
		card, turn := r.Card(seat)
		// Canyon's guests sit on the long sides, as its game's panels.
		side := board.DefaultSlots("canyon", 4)[seat].Side
		if fmt.Sprint(card) != want || int(turn) != side.QuarterTurns() {
			t.Errorf("seat %d: card %q turned %d, want %s turned %d", seat, card, turn, want, side.QuarterTurns())
		}
	}
	cards := r.Content().(*fyne.Container).Objects[1:]
	for _, b := range []*widget.Button{r.Again(), r.Lobby()} {
		at := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
		if b.Size().Height < TouchSize {
			t.Errorf("%q is %v high", b.Text, b.Size().Height)
		}
		for _, c := range cards {
			cp, cs := c.Position(), c.Size()
			if at.X < cp.X+cs.Width && cp.X < at.X+b.Size().Width && at.Y < cp.Y+cs.Height && cp.Y < at.Y+b.Size().Height {
				t.Errorf("a card at %v %v covers %q at %v", cp, cs, b.Text, at)
			}
		}
	}
}

func TestAWrongPINIsRefusedThenRateLimited(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1920, 1080))
	opened := 0
	p := AskPIN(context.Background(), words(t, i18n.FR), w, pinGate("2468"), func() { opened++ })
	for i := 0; i < 3; i++ {
		for _, k := range []string{"1", "1", "1", "1", "OK"} {
			p.Press(k)
		}
		if p.Message() != "Code incorrect" || opened != 0 {
			t.Fatalf("wrong PIN %d: %q, opened %d", i+1, p.Message(), opened)
		}
	}
	for _, k := range []string{"2", "4", "6", "8", "OK"} {
		p.Press(k)
	}
	if opened != 0 || !strings.HasPrefix(p.Message(), "Trop d'essais") {
		t.Fatalf("after 3 wrong PINs the right one gave %q, opened %d", p.Message(), opened)
	}
}

func TestWithoutAPINTheStaffButtonSaysHowToSetOne(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	AskPIN(context.Background(), words(t, i18n.DE), w, pinGate(""), func() { t.Error("opened without a PIN") })
	if top := w.Canvas().Overlays().Top(); top == nil || !uitest.HasText(top, "tablee staff-pin") {
		t.Error("no explanation of how to set a PIN")
	}
	// The whole text shows, and the close button lies under it.
	for _, lang := range i18n.Langs() {
		w := test.NewTempWindow(t, widget.NewLabel(""))
		w.Resize(fyne.NewSize(1920, 1080))
		AskPIN(context.Background(), words(t, lang), w, pinGate(""), nil)
		top := w.Canvas().Overlays().Top()
		label, _ := uitest.Find(top, func(l *widget.Label) bool { return strings.Contains(l.Text, "staff-pin") })
		closeBtn, _ := uitest.Find(top, func(b *widget.Button) bool { return b.Importance == widget.HighImportance })
		if label == nil || closeBtn == nil {
			t.Fatalf("%s: no text or no close button", lang)
		}
		d := fyne.CurrentApp().Driver()
		lbl, btn := d.AbsolutePositionForObject(label), d.AbsolutePositionForObject(closeBtn)
		if need := label.MinSize().Height; need > label.Size().Height || btn.Y < lbl.Y+need {
			t.Errorf("%s: the text needs %v at %v, shown %v; the button is at %v", lang, need, lbl, label.Size(), btn)
		}
		test.Tap(closeBtn)
		if w.Canvas().Overlays().Top() != nil {
			t.Errorf("%s: the close button does not close", lang)
		}
	}
}

func TestReplayStepsToTheRecordedFinalPosition(t *testing.T) {
	test.NewTempApp(t)
	d := playedGame(t, "canoe", 2, 7)
	back := 0
	r, err := NewReplay(words(t, i18n.FR), d, nil, func() { back++ })
	if err != nil {
		t.Fatal(err)
	}
	test.NewTempWindow(t, r.Content())
	if r.Position() != 0 {
		t.Fatalf("starts at move %d", r.Position())
	}
	r.Next()
	r.Next()
	r.Prev()
	if r.Position() != 1 {
		t.Fatalf("after next, next, previous: move %d", r.Position())
	}
	for i := 0; i < len(d.Moves)+5; i++ {
		r.Next()
	}
	if r.Position() != len(d.Moves) || r.Hash() != d.FinalHash || !r.Verified() {
		t.Errorf("end: move %d of %d, hash %s want %s", r.Position(), len(d.Moves), r.Hash(), d.FinalHash)
	}
	if !uitest.HasText(r.Content(), "identique à l'enregistrement") {
		t.Error("the replay does not say the final position matches")
	}
	d.FinalHash = "not-it"
	r2, _ := NewReplay(words(t, i18n.FR), d, nil, nil)
	r2.Goto(len(d.Moves))
	if r2.Verified() || !uitest.HasText(r2.Content(), "diffère") {
		t.Error("a wrong recorded hash is not reported")
	}
}

// sayingBoard is a board that says every move the same way.
type sayingBoard struct{ shown int }

func (b *sayingBoard) Content() fyne.CanvasObject { return widget.NewLabel("board") }
func (b *sayingBoard) Show(engine.View)           { b.shown++ }
func (b *sayingBoard) Say(m engine.Move) string   { return "pose une cheville" }

// The replay lists the moves in the words its board says them with, bots
// named as bots, and its scrubber jumps to any move.
func TestReplayScrubsToAnyMoveInWords(t *testing.T) {
	test.NewTempApp(t)
	d := playedGame(t, "canoe", 2, 7)
	b := &sayingBoard{}
	r, err := NewReplay(words(t, i18n.FR), d, func(engine.Rules) (BoardView, bool) { return b, true }, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, r.Content())
	w.Resize(fyne.NewSize(1920, 1080))
	if r.Scrubber().Max != float64(len(d.Moves)) || r.Scrubber().Size().Height < TouchSize {
		t.Errorf("scrubber to %v, %v high, want to %d", r.Scrubber().Max, r.Scrubber().Size().Height, len(d.Moves))
	}
	r.Scrubber().SetValue(5)
	if r.Position() != 5 || r.Hash() != r.states[5].Hash() {
		t.Errorf("the scrubber at 5 shows move %d", r.Position())
	}
	if want := "Robot (fort) : pose une cheville"; d.Moves[4].Seat == 1 && r.Said() != want || d.Moves[4].Seat == 0 && r.Said() != "Anja : pose une cheville" {
		t.Errorf("move 5 (seat %d) said %q", d.Moves[4].Seat, r.Said())
	}
	r.Goto(len(d.Moves))
	if r.Scrubber().Value != float64(len(d.Moves)) {
		t.Errorf("the scrubber stayed at %v after going to the end", r.Scrubber().Value)
	}
}

// playedGame plays a whole game among random bots, as the move log would
// hold it.
func playedGame(t *testing.T, game string, seats int, seed uint64) ReplayData {
	t.Helper()
	rules, err := catalog.Registry().Get(game)
	if err != nil {
		t.Fatal(err)
	}
	setup := engine.Setup{Seats: seats, Seed: seed}
	s, err := engine.NewGame(rules, setup)
	if err != nil {
		t.Fatal(err)
	}
	d := ReplayData{Rules: rules, Setup: setup, Seats: []Who{{Name: "Anja"}, {Bot: engine.LevelDefault}}}
	rng := engine.NewRNG(seed, 1)
	for i := 0; i < 2000; i++ {
		if _, over := s.Result(); over {
			break
		}
		legal := s.Legal()
		m := legal[rng.IntN(len(legal))]
		seat := s.Turn()
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		d.Moves = append(d.Moves, engine.Record{Seat: seat, Move: m})
	}
	d.FinalHash = s.Hash()
	return d
}

// The guests' call offers « Expliquer les règles » beside the plain
// call, a finger wide in every language with its words whole; either
// makes one call, the rules' with its reason, and says so.
func TestTheStaffCallOffersToExplainTheRules(t *testing.T) {
	test.NewTempApp(t)
	for _, lang := range i18n.Langs() {
		for _, rules := range []bool{false, true} {
			w := test.NewTempWindow(t, widget.NewLabel(""))
			w.Resize(fyne.NewSize(1920, 1080))
			var calls []bool
			p := AskPINOrCall(context.Background(), words(t, lang), w, pinGate("2468"), func() { t.Error("opened without the PIN") },
				func(r bool) { calls = append(calls, r) })
			call, rulesBtn := p.CallButtons()
			if call == nil || rulesBtn == nil {
				t.Fatalf("%s: the pad offers no call or no call for the rules", lang)
			}
			for _, b := range []*widget.Button{call, rulesBtn} {
				if s := b.Size(); s.Height < TouchSize || s.Width < TouchSize || b.MinSize().Width > s.Width {
					t.Errorf("%s: %q is %v (its words need %v), want at least %d px and its words whole", lang, b.Text, s, b.MinSize(), TouchSize)
				}
			}
			tapped := p.Call
			if rules {
				tapped = p.CallRules
			}
			if !tapped() || len(calls) != 1 || calls[0] != rules {
				t.Fatalf("%s: tapping the call (rules %v) made the calls %v", lang, rules, calls)
			}
			if p.Call() || p.CallRules() || len(calls) != 1 {
				t.Errorf("%s: a second call was made after the first: %v", lang, calls)
			}
			want := words(t, lang).T("kiosk.staff.called")
			if rules {
				want = words(t, lang).T("staffcall.called_rules")
			}
			if p.Message() != want {
				t.Errorf("%s: after the call (rules %v) the pad says %q, want %q", lang, rules, p.Message(), want)
			}
		}
	}
}
