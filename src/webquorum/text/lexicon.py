"""The one home of the word lists and patterns every text rule reads (English and Spanish).

Figures, names, organisations, the sentence splitter, the readers' trim and the egress gate all
need to know what a legal form, an honorific, a function word, a month or a contact looks like.
Two copies of such a list drift apart (they had: ``S.C.`` was a legal form to one module and a
name to another), so each lives here once and the modules compile what they need from it.
"""

from __future__ import annotations

import re


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


# The Latin letters beyond Latin-1 that names on English pages carry: Czech, Polish, Turkish, Romanian,
# Vietnamese ("Jakub Hrůša", "Łódź", "Erdoğan", "Çanakkale"); without them a name was cut at its first such
# letter ("Jakub Hr").
_EXTENDED_RANGES = ((0x100, 0x24F), (0x1E00, 0x1EFF))  # Latin Extended-A and -B; Latin Extended Additional
_EXTENDED = [chr(c) for first, last in _EXTENDED_RANGES for c in range(first, last + 1) if chr(c).isalpha()]
# regex class bodies: the letters of English and Spanish text, and the extended Latin ones
LETTER = "A-Za-zÀ-ÖØ-öø-ÿ" + "".join(f"{chr(first)}-{chr(last)}" for first, last in _EXTENDED_RANGES)
UPPER = "A-ZÀ-ÖØ-Þ" + "".join(c for c in _EXTENDED if c.isupper())
LOWER = "a-zß-öø-ÿ" + "".join(c for c in _EXTENDED if c.islower())
LOWER_SET = frozenset(c for c in map(chr, range(0x100)) if re.fullmatch(f"[{LOWER}]", c))
# \d, \w and \s as class bodies with their ASCII (for \w, Latin-1) members first: the same sets
# (tests/text/test_lexicon.py), but re answers such a character with a comparison, where the
# category alone costs a Unicode-database call for every character: half the time of a scan that
# tests each position (issue 12).
DIGIT = r"0-9\d"
WORD = r"A-Za-z0-9_À-ÖØ-öø-ÿ\w"
SPACE = r" \t\n\r\f\v\s"

MONTHS: dict[str, int] = {
    "january": 1,
    "february": 2,
    "march": 3,
    "april": 4,
    "may": 5,
    "june": 6,
    "july": 7,
    "august": 8,
    "september": 9,
    "october": 10,
    "november": 11,
    "december": 12,
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
    "enero": 1,
    "febrero": 2,
    "marzo": 3,
    "abril": 4,
    "mayo": 5,
    "junio": 6,
    "julio": 7,
    "agosto": 8,
    "septiembre": 9,
    "setiembre": 9,
    "octubre": 10,
    "noviembre": 11,
    "diciembre": 12,
}
MONTHS_EN_PATTERN = (
    "January|February|March|April|May|June|July|August|September|October|November|December"
    "|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec"
)
# The months of the other languages the pages asked about are written in (French, German, Italian,
# Portuguese, Dutch), read only in a date to the day ("19. Juli 1900", "3 de outubro de 1953", "1er avril
# 1976"): alone, "mai", "mars" and "marco" are words and names (round 79, real pages: a foreign page's day
# answered no question of when).
MONTHS_OTHER: dict[str, int] = {
    **dict.fromkeys(("janvier", "januar", "jänner", "gennaio", "janeiro", "januari"), 1),
    **dict.fromkeys(("février", "fevrier", "februar", "febbraio", "fevereiro", "februari"), 2),
    **dict.fromkeys(("mars", "märz", "marzo", "março", "marco", "maart"), 3),
    **dict.fromkeys(("avril", "april", "aprile", "abril"), 4),
    **dict.fromkeys(("mai", "maggio", "maio", "mei"), 5),
    **dict.fromkeys(("juin", "juni", "giugno", "junho"), 6),
    **dict.fromkeys(("juillet", "juli", "luglio", "julho"), 7),
    **dict.fromkeys(("août", "aout", "august", "agosto", "augustus"), 8),
    **dict.fromkeys(("septembre", "september", "settembre", "setembro"), 9),
    **dict.fromkeys(("octobre", "oktober", "ottobre", "outubro"), 10),
    **dict.fromkeys(("novembre", "november", "novembro"), 11),
    **dict.fromkeys(("décembre", "decembre", "dezember", "dicembre", "dezembro", "december"), 12),
}
MONTHS_ES_PATTERN = (
    "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre"
)
CALENDAR_WORDS = frozenset(MONTHS) | _words(
    "monday tuesday wednesday thursday friday saturday sunday "
    "lunes martes miércoles miercoles jueves viernes sábado sabado domingo"
)

# with the prepositions that open a sentence before a name, which are no part of it ("During Subrahmanyan's
# tenure", issue 22, round 153)
FUNCTION_WORDS = _words(
    "the a an and or but of in on at to for from by with as into its it this that these those their his her "
    "our your be been being was were is are has have had will would can could may might than then so not no "
    "over under after before per each which who what when where while also just only both all more most less such there "
    "here via if because since until during among amid despite through throughout without within upon "
    "el la los las un una unos unas y o de del al en por para con sin sobre "
    "entre que se su sus es son fue fueron ha han como más mas menos lo le les este esta estos estas ese esa "
    "según segun hasta desde e ni"
)

# Personal pronouns: capitalised at a sentence's start they are no name ("He will serve six months"). Not
# function words: a title may hold one ("Crazy for You").
PRONOUNS = _words("i you he she we they him her them me us")

# Abbreviated titles before a person's name. Their full stop ends no sentence ("Mr. Huang said"),
# they are not part of the name ("Dr. Ana Ruiz" is "Ana Ruiz"), and they mark a person.
# (and a cleric's: "Rev. Robert A. Dowd", "Fr Tony Coote", "Msgr" before a prelate's name)
HONORIFICS = _words("Mr Mrs Ms Dr Prof Sr Sra Srta Dra Lic Ing Arq Sen Rep Gov Don Doña Rev Revd Fr Msgr")

# Words that make a capitalised run the name of a body, a place or an event, never of a person: "Water
# Management Department", "United States", "Bretton Woods Conference", "TU Darmstadt" aside (an initialism).
# A role is held by a person, so a run with one of these is no holder (text/roles.py). Orchestras, opera and
# stage companies, galleries, parties, exchanges, broadcasters, carriers and islands are bodies and places
# too (issue 22: "the Sydney Symphony Orchestra" read as its conductor, "the Labour Party" as a mayor, on
# pages nobody here wrote); words that are common surnames as well ("Park", "Church", "Press") are not
# listed, since they would hide a person. Folded.
BODY_AND_PLACE_WORDS = _words(
    "department ministry agency office bureau administration authority commission committee council board "
    "service services institute institution university college school academy museum library hospital "
    "foundation association society union federation league club court senate congress parliament assembly "
    "government city county state states province region district kingdom republic airport station port "
    "street avenue square bridge tower house hall center centre fund bank company corporation group "
    "management housing conference summit convention treaty accord accords war olympics festival "
    "orchestra philharmonic symphony opera ballet theatre theater choir gallery galleries trust party "
    "exchange exchanges stadium zoo cathedral palace airlines airways railway railways island islands "
    "news radio television network "
    # a competition or an institution named like one: "captain England at next month's World Cup", "the
    # Spanish Crown" (round 73: read as holders on real pages)
    "cup championship championships tournament trophy finals prix crown fc "
    # a church, a force or a law, named like a body: "the Catholic Church", "the Royal Canadian Navy", "the
    # Judiciary Act" (round 74: read as holders on real pages), "Met Police" (round 190)
    "church chapel abbey mosque temple synagogue diocese navy army forces force police act regulations "
    # a continent or an ocean, which regions are named by: "chief executive of southeast Asia-Pacific", "the
    # Middle East South Asia region" (round 125: read as holders on real pages); not "America", a given name
    "africa asia europe oceania antarctica americas pacific atlantic "
    # the words a firm's name ends with and no person's does: "the Federal Reserve System", "East Coast
    # Dental", "Bentley Motors" (round 167: read as holders on real pages)
    "system systems partners solutions healthcare dental motors"
)

# Styles and ranks written before a person's name ("Admiral Stopford", "Sir Montagu Stopford", "Saint
# Augustine"): how a question or a page addresses someone, never the part of the name that tells two
# people of one surname apart. Folded (lower case), as names are compared.
STYLES = _words(
    "sir dame lord lady admiral general colonel captain major lieutenant commander commodore sergeant marshal vice "
    "rear brigadier baron baroness earl count countess duke duchess marquess viscount king queen prince princess "
    "saint st reverend rev bishop archbishop cardinal pope father judge justice hon honourable honorable mr mrs ms "
    "dr prof professor"
)

# The honours and offices a British or Commonwealth page writes after a name, in capitals ("Richard Hermer
# KC", "Stephen Gageler AC"): no part of the name. As written.
POST_NOMINALS = _words("KC QC SC AC AO AM CBE OBE MBE KBE DBE GBE CH KCMG GCMG CMG MP MSP FRS KG KT")

# The post nouns no surname is, and the words that end a staff's or a unit's name: a capitalised run one of
# them ends is a title or a body, no person's name (text/roles.py post_ended). Posts that are surnames too
# ("Provost", "Chancellor", "Speaker", "Singer", "Constable", "Premier") stay out. Folded.
NO_SURNAME_ENDS = _words(
    "officer minister ministra ministro secretary director directora president presidenta presidente chairman"
    " chairwoman chairperson executive commissioner superintendent administrator ambassador envoy ceo cfo"
    " commandant governor gobernador gobernadora designate staff command cabinet affairs division operations"
    " coordinator"  # "Emergency Relief Coordinator" (round 126: read as a holder on real pages)
)

# The words of a page's sharing and reading furniture ("Email Share", "Print Tweet") that stand capitalised
# in a row beside an article's text and name no one (round 140: "Email Share" was read as Johannesburg's
# mayor on two pages of one publisher). Folded.
FURNITURE_WORDS = _words(
    "email e-mail share print tweet pin subscribe comment comments reply save bookmark copy link facebook"
    " twitter whatsapp linkedin pinterest reddit telegram messenger"
)

# What a page calls a sportsperson, and the sport it names: "a Welsh professional footballer" answers "what
# sport" with football. The agent nouns of the sports, and the field positions that belong to one sport
# only ("right fielder", "quarterback"); a "<sport> player" is read from its words instead. Folded.
SPORT_OF_AGENT: dict[str, str] = {
    "footballer": "football",
    "cricketer": "cricket",
    "golfer": "golf",
    "boxer": "boxing",
    "wrestler": "wrestling",
    "cyclist": "cycling",
    "swimmer": "swimming",
    "rower": "rowing",
    "skier": "skiing",
    "snowboarder": "snowboarding",
    "sprinter": "athletics",
    "hurdler": "athletics",
    "jockey": "horse racing",
    "gymnast": "gymnastics",
    "fencer": "fencing",
    "archer": "archery",
    "bowler": "bowling",
    "darts": "darts",
    "pitcher": "baseball",
    "fielder": "baseball",
    "outfielder": "baseball",
    "infielder": "baseball",
    "shortstop": "baseball",
    "catcher": "baseball",
    "quarterback": "American football",
    "linebacker": "American football",
    "lineman": "American football",
    "defenceman": "ice hockey",
    "defenseman": "ice hockey",
    "goaltender": "ice hockey",
    "goalkeeper": "football",
    "midfielder": "football",
    "striker": "football",
}
# Nouns after which a sportsperson's definition names the sport ("ice hockey forward", "cricket umpire").
SPORT_ROLES = _words("player players forward defender winger guard centre center referee umpire coach")
# Words before such a noun that say what kind of player, not which sport ("former professional player").
PLAYER_QUALIFIERS = _words("former retired professional amateur international semi-professional college")
# The nouns of a made work: its director made it ("who is the director of the film"), where a body's
# director leads it now ("who is the director of the British Museum")
WORK_NOUNS = _words(
    "film films movie movies documentary series show play musical opera album song episode novel book game video"
)
# What a work's noun is no work before or after: a body named after a kind of work, with a director holding a
# post ("the Edinburgh International Film Festival", "the London Book Fair", "the Vienna State Opera", "the
# European Film Academy"; round 169)
WORK_BODY_AFTER = _words(
    "festival fair academy institute school society museum archive library board council commission awards "
    "company house centre center ballet orchestra"
)
WORK_BODY_BEFORE = _words("state national royal metropolitan")
# A race's nouns: a distance before one names the race ("the 100-meter freestyle"), and a record of one is a
# time ("the women's 400m hurdles world record")
RACE_NOUNS = _words(
    "freestyle backstroke breaststroke butterfly medley hurdles relay dash sprint steeplechase marathon "
    "race final finals heats heat event run walk swim"
)

# Words that are a company's legal form, never the start of its name ("Acme Inc", not "Inc Foo").
LEGAL_WORDS = _words("Inc Corp Corporation Co Ltd LLC LLP PLC GmbH AG SE Limited")
# Legal forms as written after a name, longest first so "S.A. de C.V." wins over "S.A.".
_LEGAL_FORM_LIST = (
    r"S\.A\.B\.\s+de\s+C\.V\.",
    r"S\.A\.P\.I\.\s+de\s+C\.V\.",
    r"S\.\s?de\s+R\.L\.(?:\s+de\s+C\.V\.)?",
    r"S\.A\.\s+de\s+C\.V\.",
    r"S\.A\.B\.",
    r"S\.A\.",
    r"S\.L\.",
    r"S\.C\.",
    r"S\.p\.A\.",
    r"N\.V\.",
    r"B\.V\.",
    r"L\.L\.C\.",
    r"Inc\.?",
    r"Corp\.?",
    "Corporation",
    r"Co\.",
    r"Ltd\.?",
    "LLC",
    "LLP",
    "PLC",
    "plc",
    "GmbH",
    "AG",
    "SE",
    "Limited",
)
_LEGAL_BY_FIRST: dict[str, list[str]] = {}
for _form in _LEGAL_FORM_LIST:  # every form opens with a plain letter
    _LEGAL_BY_FIRST.setdefault(_form[0], []).append(_form[1:])
# Grouped by first letter, in order within a letter ("S(?:\.A\.B\.…|…)|N\.V\.|…"): re drops a
# group in one test where the flat list cost a test of each form.
LEGAL_FORMS = "|".join(
    f"{first}(?:{'|'.join(rests)})" if len(rests) > 1 else first + rests[0]
    for first, rests in _LEGAL_BY_FIRST.items()
)
# A legal form after a name, with its optional comma: ", S.A. de C.V.", " Inc". It opens with the
# comma or the first of a run of spaces (one start per run); the next character is tested first
# (a space or a form's first letter), so a megabyte of "1 1 1" or of commas costs two tests a
# character, and a form's first two characters before its branches ("A A A" is no "AG").
_LEGAL_SECONDS = "".join(
    sorted(
        {
            rest[:2] if rest.startswith("\\") else rest[0]
            for rests in _LEGAL_BY_FIRST.values()
            for rest in rests
        }
    )
)
LEGAL_AFTER_NAME = (
    rf"[,{SPACE}](?<![{SPACE}][{SPACE}])(?=[{SPACE}{''.join(_LEGAL_BY_FIRST)}])(?:(?<=,)\s+|(?<=[{SPACE}])\s*)"
    rf"(?=[{''.join(_LEGAL_BY_FIRST)}][{_LEGAL_SECONDS}])(?:{LEGAL_FORMS})"
)
# Other abbreviations whose full stop ends no sentence ("No. 5", "Av. Juárez", "vs. AMD").
ABBREVIATIONS = _words("Inc Corp Co Ltd No St Av vs")

# Contact details: what a query must never carry and what marks a page as about people.
# An e-mail address (its local part not glued to more address characters) and a phone number
# ("+52 55 1234 5678", "(55) 1234-5678", "555-123-4567"). Each opens with one class of first
# characters and tests which one it was by lookbehind: re then skips to candidates in C, where a
# leading "(?<!...)" or "\(?\b" made it try every position. A phone number's second character is
# a digit and its third a digit, space, bracket, dot or dash: that is tested first, by ranges alone
# (a non-ASCII character passes on to the real test), and its first character is told apart by
# literal lookbehinds before any Unicode class. No part of an address can give back a character
# the next part could use ("@", "."): every repeat is possessive.
_LOCAL = rf"{WORD}.+\-"  # what an address's local part is made of
EMAIL_PATTERN = rf"[{_LOCAL}](?<![{_LOCAL}][{_LOCAL}])[{_LOCAL}]*+@[{WORD}-]++(?:\.[{WORD}-]++)++"
_D, _S = DIGIT, SPACE
_NOT_ASCII = "\x80-\U0010ffff"
PHONE_PATTERN = (
    rf"[+({_D}](?<![{WORD}][0-9])(?=[0-9{_NOT_ASCII}][0-9 ().\-\t\n\r\f\v\x1c-\x1f{_NOT_ASCII}])(?:(?<=\+)[{_D}][0-9 ().\-{_D}{_S}]{{6,}}[{_D}]"
    rf"|(?<=\()[{_D}]{{2,3}}\)?[{_S}.-][{_D}]{{3,4}}[{_S}.-][{_D}]{{4}}\b"
    rf"|(?<![+(])(?<![{WORD}][{_D}])[{_D}]{{1,2}}\)?[{_S}.-][{_D}]{{3,4}}[{_S}.-][{_D}]{{4}}\b)"
)

# Titles that name a role, not a person: "Governor Victoria Rodriguez" is "Victoria Rodriguez".
ROLE_TITLES = [
    "President",
    "Vice President",
    "Prime Minister",
    "Governor",
    "Senator",
    "Mayor",
    "Chairman",
    "Chairwoman",
    "Chief Executive",
    "Chief Executive Officer",
    "Chief Financial Officer",
    "Presidente",
    "Presidenta",
    "Gobernador",
    "Gobernadora",
    "Senador",
    "Senadora",
    "Alcalde",
    "Alcaldesa",
]
