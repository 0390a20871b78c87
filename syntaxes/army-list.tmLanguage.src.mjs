// Readable source of syntaxes/army-list.tmLanguage.json.
// Edit this file, then run `node scripts/build-grammar.mjs` to regenerate the JSON
// (the unit tests fail while the JSON is stale).
//
// The grammar is line-oriented: every army-list export is a sequence of lines whose
// role is visible from the line itself (points in parentheses, a bullet, a `+` banner),
// so almost every rule is a single `match` anchored at `^`. Three regions carry
// state: the preamble (title / faction / detachment lines before the first section,
// bullet or unit line), sections (header to next header, where a bare line is a unit) and
// the Auspex `STRATAGEMS` section.
//
// Scopes (all end in `.army-list`):
//   comment.line.number-sign                 `# note` lines (column 0, `#` then space/EOL)
//   punctuation.definition.comment           the `#` of a comment
//   string.unquoted.title                    list name on the title line
//   entity.name.namespace.faction            faction / super-faction / detachment lines
//   support.constant.battle-size             Combat Patrol / Incursion / Strike Force / Onslaught
//   markup.heading.1                         roster banners: `# ++ Army Roster ++`, `++ ... ++`
//   markup.heading.2 + entity.name.section   section headers: CHARACTERS, `## Character`,
//                                            `+ Epic Hero +`, `Epic Hero:`, STRATAGEMS
//   punctuation.definition.heading           `#`, `##`, `++`, `+` around headings
//   punctuation.separator.banner             New Recruit `+++++` banner rule and bare `+`
//   support.type.property-name               keys: `FACTION KEYWORD`, `Battle Size`, `Daemonic Allegiance`
//   punctuation.separator.key-value          the `:` after a key
//   string.unquoted.value                    free values (secondaries, decoration bullets)
//   entity.name.type.unit                    unit (datasheet) names, stratagem targets, `Leading:` target
//   entity.name.type.model                   model group name before `:` (`• 8x Kroot Carnivores: ...`)
//   entity.name.label                        New Recruit unit labels `Char2`, `Batt1`
//   constant.numeric.points                  `(85 Points)`, `[215 pts]`, `(+15 pts)`, `[1,990pts]`, `2000pts`
//   constant.numeric.count                   `4x`, `10x`, `5 with`, `NUMBER OF UNITS: 16`
//   keyword.operator.multiplication          the `x` of a count, inside the count scope
//   punctuation.definition.list.bullet       `•`, `◦`, BattleScribe `. ` / `. . `, NR `&`
//   keyword.other.warlord                    `Warlord`
//   keyword.other.enhancement                `Enhancement(s):`, ListForge `E:`
//   variable.other.enummember.enhancement  enhancement names
//   keyword.other.option-bundle              ListForge / BattleScribe `B:`
//   keyword.other.with                       `with` in `5 with Bolt pistol, Chainblade`
//   keyword.other.leading                    `Leading:` / `Attached as:` / `Attachée en tant que :`
//   support.constant.attach-role             `Leader (Character)`, `Bodyguard (Battleline)` after `Attached as:`
//   constant.numeric.detachment-points / keyword.other.detachment-points
//                                            11th edition `(3 Detachment Points)`, War Organ `(3/3 ...)`
//   keyword.operator.and                     `and` joining two detachments
//   support.constant.force-disposition       names after `Force Dispositions:`
//   markup.heading.3 + entity.name.section.attached-group + constant.numeric.attached-group
//                                            `Attached Unit 1` / `Unité 1 Attachée`
//   keyword.other.on                         `on` in `(on Char1: ...)`
//   variable.other.wargear                   wargear and model-group items (`1x Storm Shield`)
//   punctuation.separator.comma              commas between items / targets
//   keyword.other.opponent + string.unquoted.path   Auspex `OPPONENT: <path>` (column 0, anywhere)
//   entity.name.function.stratagem           stratagem name in STRATAGEMS
//   keyword.other.round / constant.numeric.round   `round 2`
//   support.constant.phase                   command / movement / shooting / charge / fight / any
//   constant.numeric.instance                `#2` after a stratagem target (2nd unit of that name),
//                                            its `#` also punctuation.definition.instance
//   constant.numeric.option-index            BattleScribe's `2.` in `Battle Size: 2. Strike Force`
//   punctuation.section.parens.begin/end     parentheses around timings, `(on Char1: ...)`, bundles
//   keyword.other.footer / constant.numeric.version / string.unquoted.footer / markup.underline.link
//                                            `Exported with App Version: v1.45.0 (105), ...`
//   meta.preamble / meta.section / meta.stratagems / meta.unit / meta.bullet / meta.footer
//                                            structural wrappers (a bare column-0 line inside
//                                            meta.section is a unit without points)

const SCOPE = '.army-list';
/** Appends the language suffix to every dot-separated scope in a space-separated list. */
const s = (names) => names.split(' ').map((n) => n + SCOPE).join(' ');

// ---- shared regex fragments -------------------------------------------------------
const BULLET = '[•◦]';
// A text with no space at either end, matched in linear time. Lazy groups between `\s*`/`\s+` runs
// (`\s+(.*?)\s+X\s*$`) backtrack quadratically or cubically on a long run of spaces, and Oniguruma cannot
// stop one search half-way: the grammar writes such a group as TEXT (test/unit/hostileText.test.ts times it).
const TEXT = String.raw`\S(?:.*\S)?`;
// "(85 Points)", "(2,000 points)", "[215 pts]", "[1,990pts]", "(+15 pts)", "(2000 Point limit)".
const POINTS = String.raw`(?:[(\[]\s*\+?\d[\d,]*\s*(?:pts|PTS|[Pp]oints?(?:\s+limit)?)\s*[)\]])`;
// An all-caps line: CHARACTERS, OTHER DATASHEETS, CHARACTER, ATTACHED UNITS ...
const CAPS_HEADER = String.raw`^\s*[A-Z][A-Z0-9 &'’/-]+[A-Z]\s*$`;
// ListForge role header: "Epic Hero:" alone on its line.
const ROLE_HEADER = String.raw`^[A-Z][A-Za-z'’ -]*[A-Za-z]:\s*$`;
const BATTLE_SIZE = '(?:Combat Patrol|Incursion|Strike Force|Onslaught|Force de Frappe)';
// 11th edition: "(3 Detachment Points)", "(3 Points de Détachement)", War Organ's "(3/3 Detachment Points)".
const DETACHMENT_POINTS = String.raw`(\()\s*(\d+)(?:\s*(/)\s*(\d+))?\s*(Detachment Points?|Points? de D[ée]tachement)\s*(\))`;
/** The same regex with its groups made non-capturing (to match a line whose captures another rule reads). */
const nonCapturing = (re) => re.replace(/(?<!\\)\((?!\?)/g, '(?:');
// 11th-edition app: the Attached Units block header (the all-caps form is a plain section header).
const ATTACHED_HEADER = String.raw`^\s*(Attached Units|Unit[ée]s Attach[ée]es)\s*$`;
// Export footers: "Exported with App Version: ...", French "Exporté avec la Version de l'Appli : ...".
const FOOTER_START = '(?:Exported|Created) with|Export[ée] avec';
// New Recruit unit labels: Char1, Batt2, ...
const LABEL = '[A-Z][a-z]{2,5}\\d+';

// Lines that end the preamble: anything structural. Used as `end` of the preamble and,
// negated, in its `begin` so a list that opens with structure never enters it.
const PREAMBLE_STOP = [
  CAPS_HEADER,
  ROLE_HEADER,
  String.raw`^\+`, // New Recruit banner, BattleScribe headings
  String.raw`^#\s*\+\+`, // NR simple roster heading
  '^##',
  String.raw`^\s*${BULLET}`,
  String.raw`^\s+\S`, // indented content
  String.raw`^\S.*\(\+?\d+\s*pts\)`, // New Recruit / ListForge unit lines
  `^${LABEL}:`,
  String.raw`^\d+x\s`,
  String.raw`^\d+\s+with\s`,
  `^(?:${FOOTER_START})`,
  ATTACHED_HEADER,
].join('|');

// What ends a section (and the STRATAGEMS section): another header, a banner, a footer.
const SECTION_STOP = [CAPS_HEADER, ROLE_HEADER, String.raw`^\+`, String.raw`^#\s*\+\+`, '^##', `^(?:${FOOTER_START})`, ATTACHED_HEADER].join('|');

// ---- rules ------------------------------------------------------------------------

const repository = {
  opponent: {
    // Auspex extension: "OPPONENT: <path>", the opponent's list (relative to this one), at column 0 anywhere.
    match: String.raw`^(OPPONENT)\s*(:)\s*(.*?)\s*$`,
    name: s('meta.opponent'),
    captures: {
      1: { name: s('keyword.other.opponent') },
      2: { name: s('punctuation.separator.key-value') },
      3: { name: s('string.unquoted.path') },
    },
  },

  comment: {
    // `#` at column 0 followed by whitespace or end of line. `# ++ Army Roster ++` (NR simple)
    // and `## Category` are headings, never comments.
    match: String.raw`^(#)(?!\s*\+\+)(?=\s|$).*$`,
    name: s('comment.line.number-sign'),
    captures: { 1: { name: s('punctuation.definition.comment') } },
  },

  points: {
    match: POINTS,
    name: s('constant.numeric.points'),
  },

  count: {
    // "4x" (the x is the multiplication sign, scoped inside the count).
    match: String.raw`\b(\d+)(x)(?=\s)`,
    name: s('constant.numeric.count'),
    captures: { 2: { name: s('keyword.operator.multiplication') } },
  },

  'battle-size': {
    // "Strike Force (2,000 Points)" on its own line (official app).
    match: String.raw`^(${BATTLE_SIZE})\s*(${POINTS})?\s*$`,
    captures: {
      1: { name: s('support.constant.battle-size') },
      2: { patterns: [{ include: '#points' }] },
    },
  },

  'detachment-points': {
    match: DETACHMENT_POINTS,
    name: s('meta.detachment-points'),
    captures: {
      1: { name: s('punctuation.section.parens.begin') },
      2: { name: s('constant.numeric.detachment-points') },
      3: { name: s('punctuation.separator.slash') },
      4: { name: s('constant.numeric.detachment-points') },
      5: { name: s('keyword.other.detachment-points') },
      6: { name: s('punctuation.section.parens.end') },
    },
  },

  'detachment-names': {
    // "Darkflight Pursuit and Inner Circle Task Force (3 Detachment Points)", "A, B (3/3 Detachment Points)"
    patterns: [
      { include: '#detachment-points' },
      { match: ',', name: s('punctuation.separator.comma') },
      { match: String.raw`(?<=\S)\s+(and|et)\s+(?=\S)`, captures: { 1: { name: s('keyword.operator.and') } } },
      { match: String.raw`[^,\s(]+(?:\s+(?!(?:and|et)\s)[^,\s(]+)*`, name: s('entity.name.namespace.faction') },
    ],
  },

  'force-dispositions': {
    // "Force Dispositions: Priority Assets, Reconnaissance" (a trailing comma happens), "Dispositions des Forces : ..."
    match: String.raw`^(Force Dispositions?|FORCE DISPOSITIONS?|Dispositions? des Forces?)\s*(:)\s*(.*?)\s*$`,
    captures: {
      1: { name: s('support.type.property-name') },
      2: { name: s('punctuation.separator.key-value') },
      3: {
        patterns: [
          { match: ',', name: s('punctuation.separator.comma') },
          { match: String.raw`[^,\s](?:[^,]*[^,\s])?`, name: s('support.constant.force-disposition') },
        ],
      },
    },
  },

  'attached-group': {
    // "Attached Unit 1", "Attached unit 2", French "Unité 1 Attachée"
    match: String.raw`^\s*(Attached unit|Attached Unit|Unit[ée])\s+(\d+)(\s+Attach[ée]e)?\s*$`,
    name: s('markup.heading.3'),
    captures: {
      1: { name: s('entity.name.section.attached-group') },
      2: { name: s('constant.numeric.attached-group') },
      3: { name: s('entity.name.section.attached-group') },
    },
  },

  'indented-unit-line': {
    // War Organ: "  Exalted Eightbound (130 points)" indented under a group header.
    match: String.raw`^\s+([^\s•◦#+&.\d(\[:].*?)\s*(\(\s*\d[\d,]*\s*points\s*\))\s*$`,
    name: s('meta.unit'),
    captures: {
      1: { name: s('entity.name.type.unit') },
      2: { patterns: [{ include: '#points' }] },
    },
  },

  'flat-unit-line': {
    // The flattened 11th-edition paste: "Paladin Squad485 Points" (no parentheses, no space).
    match: String.raw`^([^\s•◦#+&.\d(\[:].*?[^\s\d,(])\s*(\d[\d,]*\s*Points)\s*$`,
    name: s('meta.unit'),
    captures: {
      1: { name: s('entity.name.type.unit') },
      2: { name: s('constant.numeric.points') },
    },
  },

  preamble: {
    // Title, faction, super-faction, detachment and battle size of official-app, ListForge
    // and NR simple exports. The detachment/battle-size order differs by app dialect, so
    // faction and detachment share one scope.
    name: s('meta.preamble'),
    begin: String.raw`\A(?!${PREAMBLE_STOP})`,
    end: `(?=${PREAMBLE_STOP})`,
    patterns: [
      { include: '#opponent' },
      { include: '#comment' },
      { include: '#battle-size' },
      { include: '#config-line' },
      {
        // 11th edition: the detachment line with its Detachment Points.
        match: String.raw`^(\S.*?${nonCapturing(DETACHMENT_POINTS)})\s*$`,
        captures: { 1: { patterns: [{ include: '#detachment-names' }] } },
      },
      {
        // "Name (2000 Points)"; the last points group on the line is the total.
        // NR simple ends the name with " - " before "[2000 pts]"; the dash is not part of it.
        match: String.raw`^(\S.*?)(?:\s+-)?\s*(${POINTS})\s*$`,
        captures: {
          1: { name: s('string.unquoted.title') },
          2: { patterns: [{ include: '#points' }] },
        },
      },
      {
        match: String.raw`^\S.*?(?=\s*$)`,
        name: s('entity.name.namespace.faction'),
      },
    ],
  },

  'nr-simple-heading': {
    patterns: [
      {
        // "# ++ Army Roster ++ [2000 pts]"
        match: String.raw`^(#)\s*(\+\+)\s*(?:(${TEXT})\s*)?(\+\+)\s*(${POINTS})?\s*$`,
        name: s('markup.heading.1'),
        captures: {
          1: { name: s('punctuation.definition.heading') },
          2: { name: s('punctuation.definition.heading') },
          3: { name: s('entity.name.section') },
          4: { name: s('punctuation.definition.heading') },
          5: { patterns: [{ include: '#points' }] },
        },
      },
      {
        // "## Character [410 pts]"
        match: String.raw`^(##+)\s*(.*?)\s*(${POINTS})?\s*$`,
        name: s('markup.heading.2'),
        captures: {
          1: { name: s('punctuation.definition.heading') },
          2: { name: s('entity.name.section') },
          3: { patterns: [{ include: '#points' }] },
        },
      },
    ],
  },

  'battlescribe-heading': {
    patterns: [
      {
        // "++ Army Roster (Chaos - World Eaters) [1,990pts] ++", "++ Total: [1,990pts] ++"
        match: String.raw`^(\+\+)\s+(?:(${TEXT})\s+)?(\+\+)\s*$`,
        name: s('markup.heading.1'),
        captures: {
          1: { name: s('punctuation.definition.heading') },
          2: { patterns: [{ include: '#points' }, { match: '[^\\[\\]]+?(?=\\s*(?:\\[|$))', name: s('entity.name.section') }] },
          3: { name: s('punctuation.definition.heading') },
        },
      },
      {
        // "+ Epic Hero +"
        match: String.raw`^(\+)\s+(?:(${TEXT})\s+)?(\+)\s*$`,
        name: s('markup.heading.2'),
        captures: {
          1: { name: s('punctuation.definition.heading') },
          2: { name: s('entity.name.section') },
          3: { name: s('punctuation.definition.heading') },
        },
      },
    ],
  },

  'nr-banner': {
    patterns: [
      { match: String.raw`^\+{3,}\s*$`, name: s('punctuation.separator.banner') },
      { match: String.raw`^\+\s*$`, name: s('punctuation.separator.banner') },
      {
        match: String.raw`^(\+)\s*(WARLORD)\s*(:)\s*(?:(${LABEL})(:)\s*)?(.*?)\s*$`,
        captures: {
          1: { name: s('punctuation.separator.banner') },
          2: { name: s('support.type.property-name') },
          3: { name: s('punctuation.separator.key-value') },
          4: { name: s('entity.name.label') },
          5: { name: s('punctuation.separator.key-value') },
          6: { name: s('entity.name.type.unit') },
        },
      },
      {
        match: String.raw`^(\+)\s*(ENHANCEMENTS?)\s*(:)\s*(.*?)\s*$`,
        captures: {
          1: { name: s('punctuation.separator.banner') },
          2: { name: s('support.type.property-name') },
          3: { name: s('punctuation.separator.key-value') },
          4: { patterns: [{ include: '#enhancement-on' }] },
        },
      },
      {
        // "& Berzerker Glaive (on Char2: Slaughterbound)": further banner enhancements.
        match: String.raw`^(&)\s*(.*?)\s*$`,
        captures: {
          1: { name: s('punctuation.definition.list.bullet') },
          2: { patterns: [{ include: '#enhancement-on' }] },
        },
      },
      {
        match: String.raw`^(\+)\s*(FACTION KEYWORD|FACTION|DETACHMENT)\s*(:)\s*(.*?)\s*$`,
        captures: {
          1: { name: s('punctuation.separator.banner') },
          2: { name: s('support.type.property-name') },
          3: { name: s('punctuation.separator.key-value') },
          4: { name: s('entity.name.namespace.faction') },
        },
      },
      {
        match: String.raw`^(\+)\s*(TOTAL ARMY POINTS)\s*(:)\s*(\d[\d,]*\s*pts)?\s*$`,
        captures: {
          1: { name: s('punctuation.separator.banner') },
          2: { name: s('support.type.property-name') },
          3: { name: s('punctuation.separator.key-value') },
          4: { name: s('constant.numeric.points') },
        },
      },
      {
        match: String.raw`^(\+)\s*(NUMBER OF UNITS)\s*(:)\s*(\d+)?\s*$`,
        captures: {
          1: { name: s('punctuation.separator.banner') },
          2: { name: s('support.type.property-name') },
          3: { name: s('punctuation.separator.key-value') },
          4: { name: s('constant.numeric.count') },
        },
      },
      {
        // Any other "+ KEY: value" (SECONDARY, future keys).
        match: String.raw`^(\+)\s*([A-Z][A-Z ]*[A-Z])\s*(:)\s*(.*?)\s*$`,
        captures: {
          1: { name: s('punctuation.separator.banner') },
          2: { name: s('support.type.property-name') },
          3: { name: s('punctuation.separator.key-value') },
          4: { name: s('string.unquoted.value') },
        },
      },
    ],
  },

  'enhancement-on': {
    // "Favoured of Khorne (on Char1: Daemon Prince of Khorne)"
    match: String.raw`(?:(?<!\s)|(?=\S))([^\s(](?:[^(]*[^\s(])?)?\s*(?:(\()\s*(on)\s+(?:(${LABEL})(:)\s*)?([^\s)](?:[^)]*[^\s)])?)?\s*(\)))?\s*$`,
    captures: {
      1: { name: s('variable.other.enummember.enhancement') },
      2: { name: s('punctuation.section.parens.begin') },
      3: { name: s('keyword.other.on') },
      4: { name: s('entity.name.label') },
      5: { name: s('punctuation.separator.key-value') },
      6: { name: s('entity.name.type.unit') },
      7: { name: s('punctuation.section.parens.end') },
    },
  },

  // A section runs from its header to the next header, banner or footer. Inside it a bare
  // line at column 0 is a unit: official-app Combat Patrol lists print units without points
  // ("Atalan Jackals" then its bullets). Outside sections such lines are config or junk.
  'section-header': {
    patterns: [
      {
        // 11th-edition app: "Attached Units" / "Unités Attachées" (the all-caps form is matched below).
        begin: ATTACHED_HEADER,
        beginCaptures: { 1: { name: s('markup.heading.2 entity.name.section') } },
        end: `(?=${SECTION_STOP})`,
        name: s('meta.section'),
        patterns: [{ include: '#section-body' }],
      },
      {
        begin: String.raw`^\s*([A-Z][A-Z0-9 &'’/-]+[A-Z])\s*$`,
        beginCaptures: { 1: { name: s('markup.heading.2 entity.name.section') } },
        end: `(?=${SECTION_STOP})`,
        name: s('meta.section'),
        patterns: [{ include: '#section-body' }],
      },
      {
        // ListForge "Epic Hero:"
        begin: String.raw`^([A-Z][A-Za-z'’ -]*[A-Za-z])(:)\s*$`,
        beginCaptures: {
          1: { name: s('markup.heading.2 entity.name.section') },
          2: { name: s('markup.heading.2 punctuation.separator.key-value') },
        },
        end: `(?=${SECTION_STOP})`,
        name: s('meta.section'),
        patterns: [{ include: '#section-body' }],
      },
    ],
  },

  'section-body': {
    patterns: [
      { include: '#opponent' },
      { include: '#comment' },
      { include: '#attached-group' },
      { include: '#config-line' },
      { include: '#bullet' },
      { include: '#unit-line' },
      { include: '#flat-unit-line' },
      { include: '#indented-unit-line' },
      { include: '#continuation-line' },
      {
        // Unit line without points (Combat Patrol exports).
        match: String.raw`^([^\s•◦#+&.\d(\[:][^:]*?)\s*$`,
        name: s('meta.unit'),
        captures: { 1: { name: s('entity.name.type.unit') } },
      },
    ],
  },

  stratagems: {
    // Auspex extension: "STRATAGEMS" then "<Stratagem> (round 2, shooting): Unit A, Unit B #2".
    name: s('meta.stratagems'),
    begin: String.raw`^\s*(STRATAGEMS)\s*$`,
    beginCaptures: { 1: { name: s('markup.heading.2 entity.name.section') } },
    end: `(?=${SECTION_STOP})`,
    patterns: [
      { include: '#opponent' },
      { include: '#comment' },
      {
        match: String.raw`^\s*([^\s#(:](?:[^(:]*[^\s(:])?)\s*(?:(\()([^)]*)(\)))?\s*(:)\s*(${TEXT})?\s*$`,
        captures: {
          1: { name: s('entity.name.function.stratagem') },
          2: { name: s('punctuation.section.parens.begin') },
          3: { patterns: [{ include: '#stratagem-timing' }] },
          4: { name: s('punctuation.section.parens.end') },
          5: { name: s('punctuation.separator.key-value') },
          6: { patterns: [{ include: '#stratagem-targets' }] },
        },
      },
      {
        // A stratagem named without targets yet.
        match: String.raw`^\s*([^\s#(:](?:[^(:]*[^\s(:])?)\s*(?:(\()([^)]*)(\)))?\s*$`,
        captures: {
          1: { name: s('entity.name.function.stratagem') },
          2: { name: s('punctuation.section.parens.begin') },
          3: { patterns: [{ include: '#stratagem-timing' }] },
          4: { name: s('punctuation.section.parens.end') },
        },
      },
    ],
  },

  'stratagem-timing': {
    patterns: [
      {
        match: String.raw`\b(round|turn|battle round)\s*(\d+)`,
        captures: {
          1: { name: s('keyword.other.round') },
          2: { name: s('constant.numeric.round') },
        },
      },
      {
        match: String.raw`(?i)\b(command|movement|shooting|charge|fight|any)(?:\s+phase)?\b`,
        name: s('support.constant.phase'),
      },
      { match: ',', name: s('punctuation.separator.comma') },
    ],
  },

  'stratagem-targets': {
    patterns: [
      {
        match: String.raw`(#)(\d+)`,
        name: s('constant.numeric.instance'),
        captures: { 1: { name: s('punctuation.definition.instance') } },
      },
      { match: ',', name: s('punctuation.separator.comma') },
      { match: String.raw`[^,#\s](?:[^,#]*[^,#\s])?`, name: s('entity.name.type.unit') },
    ],
  },

  footer: {
    // "Exported with App Version: v1.45.0 (105), Data Version: v720",
    // "Created with BattleScribe (https://battlescribe.net)", "Created with newrecruit.eu v1.2".
    match: String.raw`^(${FOOTER_START})(.*)$`,
    name: s('meta.footer'),
    captures: {
      1: { name: s('keyword.other.footer') },
      2: {
        patterns: [
          { match: String.raw`https?://[^\s)]+`, name: s('markup.underline.link') },
          { match: String.raw`\bv\d+(?:\.\d+)*\b|\b\d+(?:\.\d+)+\b|(?<=\()\d+(?=\))`, name: s('constant.numeric.version') },
          { match: String.raw`[A-Za-z][A-Za-z.]*(?:\s+[A-Za-z][A-Za-z.]*)*`, name: s('string.unquoted.footer') },
        ],
      },
    },
  },

  'config-line': {
    patterns: [
      {
        // "Battle Size: 2. Strike Force (2000 Point limit)" (NR simple, BattleScribe, WarOrgan)
        match: String.raw`^(Battle Size)\s*(:)\s*(?:(\d+\.)\s*)?(.*?)\s*(${POINTS})?\s*$`,
        captures: {
          1: { name: s('support.type.property-name') },
          2: { name: s('punctuation.separator.key-value') },
          3: { name: s('constant.numeric.option-index') },
          4: { name: s('support.constant.battle-size') },
          5: { patterns: [{ include: '#points' }] },
        },
      },
      {
        // War Organ: "Detachments: A, B (3/3 Detachment Points)"
        match: String.raw`^(Detachments?)\s*(:)\s*(.*${nonCapturing(DETACHMENT_POINTS)})\s*$`,
        captures: {
          1: { name: s('support.type.property-name') },
          2: { name: s('punctuation.separator.key-value') },
          3: { patterns: [{ include: '#detachment-names' }] },
        },
      },
      {
        match: String.raw`^(Detachments?(?: Choice)?|Faction)\s*(:)\s*(.*?)\s*$`,
        captures: {
          1: { name: s('support.type.property-name') },
          2: { name: s('punctuation.separator.key-value') },
          3: { name: s('entity.name.namespace.faction') },
        },
      },
      { include: '#force-dispositions' },
      {
        // WTC "Enhancement: Favoured of Khorne (+15 pts)" at column 0 (also a stripped app export).
        match: String.raw`^(Enhancements?)\s*(:)\s*(.*?)\s*(${POINTS})?\s*$`,
        captures: {
          1: { name: s('keyword.other.enhancement') },
          2: { name: s('punctuation.separator.key-value') },
          3: { name: s('variable.other.enummember.enhancement') },
          4: { patterns: [{ include: '#points' }] },
        },
      },
      { match: String.raw`^(Warlord)\s*$`, captures: { 1: { name: s('keyword.other.warlord') } } },
    ],
  },

  'unit-line': {
    // Every format's unit line: optional NR label ("Char2:"), optional model count ("10x"),
    // the datasheet name, its points, optional ": wargear, ..." (NR compact/simple, BattleScribe).
    match: String.raw`^(?:(${LABEL})(:)\s*)?(?:(\d+)(x)\s+)?([^\s•◦#+&.].*?)\s*((?:[(\[]\s*\d[\d,]*\s*(?:pts|PTS|[Pp]oints)\s*[)\]]))(?:\s*(:)\s*(.*?))?\s*$`,
    name: s('meta.unit'),
    captures: {
      1: { name: s('entity.name.label') },
      2: { name: s('punctuation.separator.key-value') },
      3: { name: s('constant.numeric.count') },
      4: { name: s('constant.numeric.count keyword.operator.multiplication') },
      5: { name: s('entity.name.type.unit') },
      6: { patterns: [{ include: '#points' }] },
      7: { name: s('punctuation.separator.key-value') },
      8: { patterns: [{ include: '#item-list' }] },
    },
  },

  // Bullet lines are generated below (bulletRules) from one list of bodies and two prefixes,
  // because capture re-tokenisation in vscode-textmate cannot anchor at a capture's start
  // (\G never matches there), so the bullet has to be part of every rule's own regex.
  bullet: { patterns: [] },

  'with-group': {
    // WTC per-loadout model group on its own line: "1 with Gorechild", "    5 with Bolt pistol, Chainblade".
    match: String.raw`^\s*(\d+)\s+(with)\s+(.*?)\s*$`,
    captures: {
      1: { name: s('constant.numeric.count') },
      2: { name: s('keyword.other.with') },
      3: { patterns: [{ include: '#item-list' }] },
    },
  },

  'item-list': {
    // Comma-separated wargear / option tokens: "Warlord, 2x Shield Drone, Battlesuit fists".
    patterns: [
      {
        // "8 with Close combat weapon, Kroot rifle" after a model name
        match: String.raw`\b(\d+)\s+(with)\b`,
        captures: { 1: { name: s('constant.numeric.count') }, 2: { name: s('keyword.other.with') } },
      },
      { match: String.raw`\b(Warlord)\b(?=\s*(?:,|$))`, name: s('keyword.other.warlord') },
      {
        // priced enhancement among tokens: "Omnissian Champion [30 pts]"
        match: String.raw`([^,\s][^,]*?)\s*(${POINTS})(?=\s*(?:,|$))`,
        captures: {
          1: { name: s('variable.other.enummember.enhancement') },
          2: { patterns: [{ include: '#points' }] },
        },
      },
      { include: '#count' },
      {
        // untallied count at the start of a token: "1 mauler chainblade, 7 chainblades"
        match: String.raw`(?<=^|[,:(]|[,:(]\s|\bwith\s)(\d+)(?=\s+[^\s\d])`,
        name: s('constant.numeric.count'),
      },
      { match: ',', name: s('punctuation.separator.comma') },
      // NR simple option bundles: "2 cognis heavy stubbers (2x Cognis heavy stubber, Data-tether)"
      { match: String.raw`\(`, name: s('punctuation.section.parens.begin') },
      { match: String.raw`\)`, name: s('punctuation.section.parens.end') },
      { match: String.raw`[^,\s()](?:[^,()]*[^,\s()])?`, name: s('variable.other.wargear') },
    ],
  },

  'continuation-line': {
    patterns: [
      {
        // Dialect-B bullet-less continuation "    1x Cult claws", stripped exports "1x Autopistol".
        match: String.raw`^\s*(\d+)(x)\s+(.*?)\s*$`,
        captures: {
          1: { name: s('constant.numeric.count') },
          2: { name: s('constant.numeric.count keyword.operator.multiplication') },
          3: { name: s('variable.other.wargear') },
        },
      },
      { include: '#with-group' },
      {
        // NR simple stray option line "  1 mauler chainblade, 7 chainblades"
        match: String.raw`^\s+(?:(\d+)\s+(?=\D))?(\S.*?)\s*$`,
        captures: { 1: { name: s('constant.numeric.count') }, 2: { patterns: [{ include: '#item-list' }] } },
      },
    ],
  },
};

// ---- bullet lines -----------------------------------------------------------------
// Bodies of bullet lines: the text after the bullet, each ending at end of line.
// Captures are numbered within the body; bulletRules() shifts them past the prefix groups.
const BULLET_BODIES = [
  { match: String.raw`(Warlord|Seigneur de Guerre)`, captures: { 1: { name: s('keyword.other.warlord') } } },
  {
    // "Enhancements: Hunter’s Guile" (dialect A) / "Enhancement: X" (dialect B) / ListForge "E: X"
    match: String.raw`(Enhancements?|Optimisations?|E)\s*(:)\s*(.*?)\s*(${POINTS})?`,
    captures: {
      1: { name: s('keyword.other.enhancement') },
      2: { name: s('punctuation.separator.key-value') },
      3: { name: s('variable.other.enummember.enhancement') },
      4: { patterns: [{ include: '#points' }] },
    },
  },
  {
    // ListForge / BattleScribe option bundle "B: 1 mauler chainblade, 7 chainblades"
    match: String.raw`(B)\s*(:)\s*(.*?)`,
    captures: {
      1: { name: s('keyword.other.option-bundle') },
      2: { name: s('punctuation.separator.key-value') },
      3: { patterns: [{ include: '#item-list' }] },
    },
  },
  {
    // 11th-edition app "Attached as: Leader (Character)", "Bodyguard ()", French "Attachée en tant que : Meneur (Personnage)"
    match: String.raw`(Attached as|Attach[ée]e en tant que)\s*(:)\s*(.*?)`,
    captures: {
      1: { name: s('keyword.other.leading') },
      2: { name: s('punctuation.separator.key-value') },
      3: { name: s('support.constant.attach-role') },
    },
  },
  {
    // Auspex "Leading: Blood Claws"
    match: String.raw`(Leading)\s*(:)\s*(.*?)`,
    captures: {
      1: { name: s('keyword.other.leading') },
      2: { name: s('punctuation.separator.key-value') },
      3: { name: s('entity.name.type.unit') },
    },
  },
  {
    // NR compact/simple, BattleScribe: "8x Kroot Carnivores: 8 with Close combat weapon, Kroot rifle"
    match: String.raw`(\d+)(x)\s+([^:]+?)\s*(:)\s*(.*?)`,
    captures: {
      1: { name: s('constant.numeric.count') },
      2: { name: s('constant.numeric.count keyword.operator.multiplication') },
      3: { name: s('entity.name.type.model') },
      4: { name: s('punctuation.separator.key-value') },
      5: { patterns: [{ include: '#item-list' }] },
    },
  },
  {
    // "1x Thunder hammer", "9x Neophyte Hybrid"
    match: String.raw`(\d+)(x)\s+(.*?)`,
    captures: {
      1: { name: s('constant.numeric.count') },
      2: { name: s('constant.numeric.count keyword.operator.multiplication') },
      3: { name: s('variable.other.wargear') },
    },
  },
  {
    // "• 9x Khorne Berzerker" then "    5 with ..." is a line of its own; this is "• 5 with ..."
    match: String.raw`(\d+)\s+(with)\s+(.*?)`,
    captures: {
      1: { name: s('constant.numeric.count') },
      2: { name: s('keyword.other.with') },
      3: { patterns: [{ include: '#item-list' }] },
    },
  },
  {
    // New Recruit enhancement bullet "Favoured of Khorne (+15 pts)"
    match: String.raw`(.+?)\s*(\(\+\d+\s*pts\))`,
    captures: {
      1: { name: s('variable.other.enummember.enhancement') },
      2: { patterns: [{ include: '#points' }] },
    },
  },
  {
    // Decoration bullet "Daemonic Allegiance: Tzeentch" (app formats; BattleScribe reads it as a model)
    only: '•',
    match: String.raw`([^:,\s](?:[^:,]*[^:,\s])?)\s*(:)\s*(.+?)`,
    captures: {
      1: { name: s('support.type.property-name') },
      2: { name: s('punctuation.separator.key-value') },
      3: { name: s('string.unquoted.value') },
    },
  },
  {
    // BattleScribe single model without a count: ". Heavy Weapon Platform: Shuriken cannon"
    only: '.',
    match: String.raw`([^:,\s](?:[^:,]*[^:,\s])?)\s*(:)\s*(.+?)`,
    captures: {
      1: { name: s('entity.name.type.model') },
      2: { name: s('punctuation.separator.key-value') },
      3: { patterns: [{ include: '#item-list' }] },
    },
  },
  // Anything else: untallied items "Icon of Khorne, Khorne Berzerker", ListForge "Gorechild".
  { match: String.raw`(.*?)`, captures: { 1: { patterns: [{ include: '#item-list' }] } } },
];

const BULLET_PREFIXES = [
  // "  • ", "     ◦ ", "• " (any indentation, including none)
  { kind: '•', match: String.raw`^\s*(${BULLET})\s*`, groups: 1, captures: { 1: { name: s('punctuation.definition.list.bullet') } } },
  // BattleScribe model lines ". " / ". . "
  { kind: '.', match: String.raw`^((?:\.\s+)+)`, groups: 1, captures: { 1: { name: s('punctuation.definition.list.bullet') } } },
];

function bulletRules() {
  const rules = [];
  for (const prefix of BULLET_PREFIXES) {
    for (const body of BULLET_BODIES) {
      if (body.only && body.only !== prefix.kind) continue;
      const captures = { ...prefix.captures };
      for (const [k, v] of Object.entries(body.captures)) captures[Number(k) + prefix.groups] = v;
      // A last lazy group before the closing `\\s*$` is written as TEXT (linear time on a line of spaces).
      const m = body.match.replace(/\(\.\+\?\)$/, `(${TEXT})`).replace(/\(\.\*\?\)$/, `(${TEXT})?`);
      rules.push({ match: `${prefix.match}${m}\\s*$`, name: s('meta.bullet'), captures });
    }
  }
  return rules;
}
repository.bullet.patterns = bulletRules();

export default {
  $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
  name: 'Army List',
  scopeName: 'source.army-list',
  fileTypes: ['army', '40k'],
  // Order matters only between rules that can start at the same column: the more specific first.
  patterns: [
    { include: '#preamble' },
    { include: '#nr-simple-heading' },
    { include: '#opponent' },
    { include: '#comment' },
    { include: '#nr-banner' },
    { include: '#battlescribe-heading' },
    { include: '#stratagems' },
    { include: '#section-header' },
    { include: '#footer' },
    { include: '#battle-size' },
    { include: '#config-line' },
    { include: '#bullet' },
    { include: '#unit-line' },
    { include: '#flat-unit-line' },
    { include: '#indented-unit-line' },
    { include: '#continuation-line' },
  ],
  repository,
};
