package canyon

// Map is the one Canyon map, for screens that draw it. It is read-only.
func Map() *Board { return board() }

// Terrains as Terrain names them.
const (
	TerrainBank      = "bank"
	TerrainIsland    = "island"
	TerrainWater     = "water"
	TerrainStart     = "start"
	TerrainDock      = "dock"
	TerrainCave      = "cave"
	TerrainWaterfall = "waterfall"
)

// Terrain names what cell i is made of.
func (b *Board) Terrain(i int) string {
	return [...]string{bank: TerrainBank, island: TerrainIsland, water: TerrainWater, startCell: TerrainStart,
		dock: TerrainDock, cave: TerrainCave, waterfall: TerrainWaterfall}[b.terrain[i]]
}

// Drift is the cell the current's arrow on cell i points to, -1 where
// there is no current.
func (b *Board) Drift(i int) int { return b.drift[i] }

// RoundTrack is the number of cards dealt to each player at each place of
// the round track.
func RoundTrack() []int { return roundTrack[:] }
