//! The named positions shared by the benchmarks: one per phase of a game.

/// (name, position text)
pub const POSITIONS: [(&str, &str); 4] = [
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
