//! The named positions shared by the library's benchmarks and the `generate` and `bench` tools,
//! of both boards.

/// Move generation's positions (name, position text): the start and the three other
/// positions of the perft table of RULES.md, a crowded middle game among them.
pub const MOVEGEN: [(&str, &str); 4] = [
    (
        "opening",
        "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
    ),
    (
        "middlegame",
        "1o14/xxx1o11/1o1o12/2x13/1o1o12/3oxo10/4ooxx8/7o1o6/8xx6/9o6/7xx3x3/9o1x4/9x1xo1o1/12oxo1/14o1/13xxx x",
    ),
    (
        "race",
        "3xx11/x3x11/3x12/2x13/1o14/1o14/1ooo12/1oo1o11/oooo12/1o14/13x2/12xxxx/11x2x1/11x1xx1/11oxxx1/11ooooo o",
    ),
    (
        "endgame",
        "xxxxx11/xxxxx11/xxxx12/x1xx12/xx14/16/16/16/16/16/16/10oo4/11oo1oo/12oooo/11ooooo/12oooo o",
    ),
];

/// (name, position text): the start, an opening, crowded middle games, a race, a late race
/// and an endgame.
pub const SEARCH: [(&str, &str); 7] = [
    (
        "start",
        "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
    ),
    (
        "opening",
        "o2oo11/o1oo12/ooo2o10/ooo3oo8/oo14/9o6/10o5/16/11x4/12x3/11xx3/13xxx/12xx2/11xxx1x/12xx2/10xxx1x1 x",
    ),
    (
        "crowded",
        "3oo11/o3o11/1o3o10/1o14/1o1o2oxx7/2o3xo8/8o1x5/8ooxx4/8x1xx4/8ooxx1o2/11x4/9ox2x1x/11x4/11x3x/16/10x5 x",
    ),
    (
        "middlegame",
        "1o14/xxx1o11/1o1o12/2x13/1o1o12/3oxo10/4ooxx8/7o1o6/8xx6/9o6/7xx3x3/9o1x4/9x1xo1o1/12oxo1/14o1/13xxx x",
    ),
    (
        "race",
        "1xx13/xxoxx1x9/1x3o10/6x9/x6x1x6/6ox1x6/3o12/4o3o2o4/8o1x1o3/9o1o1o2/12o1x1/9o2ox1o/14oo/11x4/11o4/10x5 x",
    ),
    (
        "late",
        "xxxx2x9/xx1xx11/1x1x1x10/6xx8/x4xo1o7/7o8/8x7/4o4x6/5o10/16/10o1o3/15o/14oo/13ooo/11oo2o/10xo1oo1 x",
    ),
    (
        "endgame",
        "xxxxx11/xxxxx11/xxxx12/x1xx12/xx14/16/16/16/16/16/16/10oo4/11oo1oo/12oooo/11ooooo/12oooo o",
    ),
];

/// The star board's move generation and perft positions (name, star position text, read
/// under OpenSpiel's rules): the start, a crowded middle game of the engine against itself,
/// a scattered position of a random game and an endgame of a game of two greedy players
/// (`tests/data/star-openspiel.txt`).
pub const STAR: [(&str, &str); 4] = [
    (
        "opening",
        "x/xx/xxx/xxxx/13/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x",
    ),
    (
        "middlegame",
        "1/x1/1x1/3x/5o7/4x7/2o1x6/2ox6/2o1o4/4x5/5x5/4x7/8o4/xo1o/1o1/1o/1 x",
    ),
    (
        "scattered",
        "1/1x/3/3x/10x2/5x3x2/2oo6o/5o4/2x6/3x6/11/2x1o1oxox2/3o9/2o1/3/o1/1 x",
    ),
    (
        "endgame",
        "o/oo/ooo/1ooo/8o4/12/11/10/9/10/11/12/11x1/xxx1/xxx/xx/x o",
    ),
];
