-- hilo-fast hand-history database, schema version 3 (docs/database.md; version 1
-- lacked all_in_equities.std_error, version 2 keyed every table by (site, hand_id):
-- store.py's MIGRATIONS bring them here).
-- One SQL for DuckDB and PostgreSQL: every statement below runs unchanged on both.
-- Money is BIGINT in the smallest unit of the hand (cents of its currency, or chips).
-- A hand is stored once: (site, hand_id) is the primary key of hands. Its rows in
-- the other tables carry its hand_key, a number the importer takes from the
-- sequence hand_keys as it stores the hand (a fifth of the file and of DuckDB's
-- time, against the site and id on every row).

CREATE TABLE schema_version (
    version     INTEGER NOT NULL,
    created_by  VARCHAR NOT NULL
);

CREATE SEQUENCE hand_keys;

CREATE TABLE hands (
    site          VARCHAR NOT NULL,
    hand_id       VARCHAR NOT NULL,
    game          VARCHAR NOT NULL,   -- "Omaha Hi/Lo", "5 Card Omaha Hi/Lo"
    hole_count    SMALLINT NOT NULL,
    limit_type    VARCHAR NOT NULL,   -- fixed, pot, no
    stakes        VARCHAR NOT NULL,   -- "5/10" in the smallest unit, for grouping
    small_blind   BIGINT NOT NULL,
    big_blind     BIGINT NOT NULL,
    currency      VARCHAR,            -- NULL: tournament or play chips
    unit          VARCHAR NOT NULL,   -- the currency code, or 'chips'
    table_name    VARCHAR NOT NULL,
    max_seats     SMALLINT,
    button_seat   SMALLINT NOT NULL,
    players       SMALLINT NOT NULL,  -- dealt in
    played_at     TIMESTAMP,          -- as printed, in time_zone
    time_zone     VARCHAR NOT NULL,
    tournament_id VARCHAR,
    buy_in        VARCHAR,
    level         VARCHAR,
    mixed_game    VARCHAR,
    hero          VARCHAR,
    total_pot     BIGINT NOT NULL,
    rake          BIGINT NOT NULL,
    cancelled     BOOLEAN NOT NULL,
    settled       BOOLEAN NOT NULL,   -- the replay reached its settlement
    exact         BOOLEAN NOT NULL,   -- settled and every chip agrees with the site
    all_in_street VARCHAR,            -- preflop/flop/turn: all in before the river
    source        VARCHAR NOT NULL,   -- the file it was read from
    source_line   INTEGER NOT NULL,
    hand_key      BIGINT NOT NULL,    -- the hand's rows in the other tables (unique)
    PRIMARY KEY (site, hand_id)
);

-- One row per seat dealt in (and per seat sitting out, dealt_in false).
-- The tracker flags (vpip ... won_money) are worked out once at import from
-- the actions (definitions in docs/database.md); statistics add them up.
CREATE TABLE seats (
    hand_key    BIGINT NOT NULL,
    seat          SMALLINT NOT NULL,
    player        VARCHAR NOT NULL,
    position      VARCHAR,            -- BTN SB BB UTG UTG+1 UTG+2 LJ HJ CO; NULL out
    stack         BIGINT NOT NULL,
    dealt_in      BOOLEAN NOT NULL,
    hole_cards    VARCHAR,            -- "As2dKh9c" when known
    contributed   BIGINT NOT NULL,    -- chips put in (after uncalled bets came back)
    collected     BIGINT NOT NULL,    -- as the replay pays (the site's when it agrees)
    net           BIGINT NOT NULL,
    expected      DOUBLE PRECISION,   -- all in: chips expected from the pots (else NULL)
    adjusted_net  DOUBLE PRECISION NOT NULL,   -- net, with expected for collected all in
    vpip          BOOLEAN NOT NULL,
    pfr           BOOLEAN NOT NULL,
    three_bet_chance  BOOLEAN NOT NULL,
    three_bet         BOOLEAN NOT NULL,
    fold_to_three_bet_chance BOOLEAN NOT NULL,
    fold_to_three_bet        BOOLEAN NOT NULL,
    cbet_chance   BOOLEAN NOT NULL,
    cbet          BOOLEAN NOT NULL,
    fold_to_cbet_chance BOOLEAN NOT NULL,
    fold_to_cbet  BOOLEAN NOT NULL,
    postflop_bets_raises SMALLINT NOT NULL,
    postflop_calls       SMALLINT NOT NULL,
    postflop_folds       SMALLINT NOT NULL,
    saw_flop      BOOLEAN NOT NULL,
    showdown      BOOLEAN NOT NULL,   -- still in at the end with another player
    won_money     BOOLEAN NOT NULL,   -- collected > 0
    low_made      BOOLEAN             -- at showdown with cards known: made an 8-or-better low
    -- unique (hand_key, seat): written only with its hand (no index:
    -- one would double the import's time and the file's size)
);

-- Every forced bet and action in the order of the history (street 'posts'
-- for the blinds, antes and straddles: kind is then the post's kind).
CREATE TABLE actions (
    hand_key    BIGINT NOT NULL,
    seq        SMALLINT NOT NULL,
    street     VARCHAR NOT NULL,      -- posts preflop flop turn river
    player     VARCHAR NOT NULL,
    kind       VARCHAR NOT NULL,      -- fold check call bet raise return, or a post's kind
    amount     BIGINT NOT NULL,
    to_amount  BIGINT NOT NULL,       -- a raise's total, else 0
    all_in     BOOLEAN NOT NULL
    -- unique (hand_key, seq): written only with its hand (no index:
    -- one would double the import's time and the file's size)
);

-- The board of each run (one run: run 1); cards as "Kh7c4d", NULL when not dealt.
CREATE TABLE boards (
    hand_key    BIGINT NOT NULL,
    run      SMALLINT NOT NULL,
    flop     VARCHAR,
    turn     VARCHAR,
    river    VARCHAR
    -- unique (hand_key, run): written only with its hand (no index:
    -- one would double the import's time and the file's size)
);

-- Each pot as the replay settled it (0 = main pot, k = side pot k), after rake.
CREATE TABLE pots (
    hand_key    BIGINT NOT NULL,
    pot         SMALLINT NOT NULL,
    amount      BIGINT NOT NULL,
    rake        BIGINT NOT NULL,
    contenders  SMALLINT NOT NULL,   -- players who contested it
    winners     SMALLINT NOT NULL,   -- players who took a part of it
    has_low     BOOLEAN NOT NULL,    -- a qualifying low took half
    high_amount BIGINT NOT NULL,     -- the high half (the whole pot with no low)
    low_amount  BIGINT NOT NULL
    -- unique (hand_key, pot): written only with its hand (no index:
    -- one would double the import's time and the file's size)
);

-- Who won what of each pot: its high and low parts.
CREATE TABLE pot_winners (
    hand_key    BIGINT NOT NULL,
    pot         SMALLINT NOT NULL,
    player      VARCHAR NOT NULL,
    high_won    BIGINT NOT NULL,
    low_won     BIGINT NOT NULL
    -- unique (hand_key, pot, player): written only with its hand (no index:
    -- one would double the import's time and the file's size)
);

-- Players all in before the river with every showdown hand known: equity at
-- that moment (exact up to 5,000 board completions: every flop and turn spot;
-- else seeded Monte Carlo with its standard error: most preflop spots; all_in.py).
CREATE TABLE all_in_equities (
    hand_key    BIGINT NOT NULL,
    player     VARCHAR NOT NULL,
    board      VARCHAR NOT NULL,      -- the cards out at the all-in
    equity     DOUBLE PRECISION NOT NULL,   -- share of all the pots paid
    high_equity DOUBLE PRECISION NOT NULL,  -- of the main pot's high half (ties shared)
    low_equity  DOUBLE PRECISION NOT NULL,  -- of its low half (0 when no low is made)
    expected   DOUBLE PRECISION NOT NULL,   -- chips expected
    collected  BIGINT NOT NULL,
    exact      BOOLEAN NOT NULL,            -- every pot settled over every board
    std_error  DOUBLE PRECISION NOT NULL DEFAULT 0   -- of equity (0 when exact; v2)
    -- unique (hand_key, player): written only with its hand (no index:
    -- one would double the import's time and the file's size)
);

-- What the replay found different from the site (one row per finding).
CREATE TABLE discrepancies (
    hand_key    BIGINT NOT NULL,
    seq      SMALLINT NOT NULL,
    message  VARCHAR NOT NULL
    -- unique (hand_key, seq): written only with its hand (no index:
    -- one would double the import's time and the file's size)
);

-- Hands the readers could not read: never lost silently.
CREATE TABLE unreadable_hands (
    source   VARCHAR NOT NULL,
    line     INTEGER NOT NULL,
    hand_id  VARCHAR NOT NULL,
    reason   VARCHAR NOT NULL,
    PRIMARY KEY (source, line)
);
