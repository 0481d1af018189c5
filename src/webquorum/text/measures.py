"""What a figure measures, in words: the small English + Spanish lexicon claims are compared in.

A rule cannot read "Q1 sales reached" and "revenue for the first quarter" as one quantity unless
something says that sales and revenue name one thing and that Q1 is the first quarter. That
something is this module: *concepts* (a quantity's name in every form a page uses, verbs included:
"produced" measures production), count *classes* (jobs = positions = puestos de trabajo), physical
*units* with their conversion to one base unit, and the period, scope and comparison words.

Words are matched by their Snowball stem (PyStemmer, already a dependency for ranking), so one
listed form covers its plurals and inflections ("revenues", "ingreso", "produjo"/"produce" need
listing only where the stem differs). A word outside the lexicon is still compared by its stem, so
"gaming revenue" and "gaming revenues" are one quantity and "gaming" and "cloud" are two; the
lexicon only decides which different words are the same.
"""

from __future__ import annotations

from functools import lru_cache

import Stemmer

from webquorum.text.fold import fold, fold_word

_STEMMERS = {"en": Stemmer.Stemmer("english"), "es": Stemmer.Stemmer("spanish")}


def _forms(spaced: str) -> list[str]:
    return spaced.split()


# concept -> forms (nouns and the verbs that report them). Order matters only for display.
CONCEPTS: dict[str, list[str]] = {
    "revenue": _forms(
        "revenue revenues sales sale turnover gross grossed grosses ingresos ingreso ventas venta facturación facturó vendió sold sell"
    ),
    "profit": _forms(
        "profit profits earnings income earned earn ganancia ganancias utilidad utilidades beneficio beneficios ganó"
    ),
    "production": _forms(
        "production output produced produce producing produces made extracted extraction mined producción produjo producir extrajo extracción"
    ),
    "investment": _forms(
        "investment invest invests invested investing inversión invertirá invertir invierte invirtió"
    ),
    "deal": _forms(
        "deal acquisition acquire acquires buy buying bought purchase takeover pay paying adquisición compra comprar pagará transaction"
    ),
    "funding": _forms("funding round financing financiamiento ronda recaudó"),
    "wage": _forms("wage wages salary salaries salario salarios sueldo sueldos"),
    "price": _forms(
        "price priced prices cost costs costing bill fare precio precios costo coste cuesta costará"
    ),
    "fine": _forms("fine fined penalty multa multó sanción"),
    "budget": _forms("budget presupuesto"),
    "debt": _forms("debt deuda"),
    "exports": _forms("exports export exported exportaciones exportó exportación"),
    "imports": _forms("imports import imported importaciones importó"),
    "population": _forms("population inhabitants residents población habitantes residentes"),
    "workforce": _forms("employs employ employed workforce headcount plantilla emplea"),
    "hiring": _forms("hire hires hired hiring recruit recruits contratará contratar contratación contrata"),
    "cuts": _forms(
        "cut cuts eliminate eliminates eliminated axe slash layoffs shed recortar recorte recortes eliminar eliminará despedir despidos"
    ),
    "creation": _forms(
        "create creates created creating generate generates generated add adds crear creará generar generará crearán generarán"
    ),
    "capacity": _forms("capacity capacidad"),
    "rate": _forms("rate rates tasa tipo"),
    "inflation": _forms("inflation inflación"),
    "unemployment": _forms("unemployment jobless desempleo paro desocupación"),
    "turnout": _forms("turnout participación"),
    "tariff": _forms("tariff tariffs arancel aranceles duty duties"),
    "share": _forms("share market cuota mercado"),
    "gdp": _forms("gdp pib economy economía"),
    "margin": _forms("margin margins margen"),
    "deliveries": _forms("deliveries delivered deliver entregas entregó"),
    "passengers": _forms("passengers pasajeros carried flew"),
    "visitors": _forms("visitors tourists visitantes turistas welcomed arrivals"),
    "reserves": _forms("reserves reservas"),
    "payload": _forms("payload lift carga"),
    "launch": _forms("launch launches lanzamiento"),
    "opening": _forms(
        "open opens opening opened reopen inauguration inaugurate inaugurará inauguración inaugurar apertura abrirá abre"
    ),
    "election": _forms("election elections polls vote elecciones elección votará comicios"),
    "summit": _forms("summit cumbre meeting"),
    "length": _forms("length long longitud"),
}
# The concepts that are amounts of money whatever a page counts with them: a count is never their value ("8
# rises" answers no "how much does a stamp cost")
MONEY_CONCEPTS = frozenset(
    {"revenue", "profit", "investment", "deal", "funding", "wage", "price", "fine", "budget", "debt"}
)
# Verb forms among the concepts: a verb has no compound modifiers ("the miner produced" is production).
VERBS = frozenset(
    _forms(
        "facturó vendió sold sell earned earn ganó produced produce producing produces made extracted mined produjo "
        "producir extrajo invest invests invested investing invertirá invertir invierte invirtió acquire acquires buy "
        "buying bought pay paying comprar pagará recaudó fined multó employs employ employed emplea hire hires hired "
        "hiring recruit recruits contratará contratar contrata cut eliminate eliminates eliminated axe slash shed "
        "recortar eliminar eliminará despedir create creates created creating generate generates generated add adds "
        "crear creará generar generará crearán generarán delivered deliver entregó carried flew welcomed lift open "
        "opens opened reopen inaugurate inaugurará inaugurar abrirá abre votará exported exportó imported importó "
        "cuesta costará priced"
    )
)
# Concepts a date can be the date of: "the launch on April 26" (a date is not the date of "revenue").
EVENTS = frozenset({"launch", "opening", "election", "summit"})
# Concepts that name a change in a count (a flow), not its level: "hired 3,000" is not "has 3,000".
FLOWS = frozenset({"hiring", "cuts", "creation"})
# Labels for display where the concept id is not itself the word.
LABELS = {
    "gdp": "GDP",
    "share": "market share",
    "creation": "created",
    "cuts": "cut",
    "hiring": "hired",
    "deal": "deal value",
    "opening": "opening date",
    "launch": "launch date",
    "election": "election date",
    "summit": "summit date",
    "funding": "funding raised",
}

# Count nouns grouped by what they count; "people" (and its kin) counts any group of persons.
COUNT_CLASSES: dict[str, list[str]] = {
    "jobs": _forms(
        "jobs job positions position roles role posts post empleos empleo puestos plazas vacantes vacancies"
    ),
    "people": _forms(
        "people persons personas gente individuals residents inhabitants habitantes residentes population población"
    ),
    "visitors": _forms(
        "visitors tourists visitantes turistas attendees asistentes spectators espectadores fans aficionados guests"
    ),
    "staff": _forms(
        "employees staff workers workforce personnel empleados trabajadores plantilla colaboradores"
    ),
    "dwellings": _forms("homes houses flats apartments dwellings units viviendas departamentos pisos casas"),
    "vehicles": _forms("vehicles cars vehículos autos coches automóviles"),
    "passengers": _forms("passengers pasajeros"),
    "aircraft": _forms("aircraft planes jets aviones"),
    "cattle": _forms("cattle cows head reses cabezas ganado"),
}
# Multi-word count nouns, read before single words.
COUNT_PHRASES = {
    "puestos de trabajo": "jobs",
    "puestos laborales": "jobs",
    "head of cattle": "cattle",
    "cabezas de ganado": "cattle",
}
# Groups of persons that a plain "people" may stand for.
PERSON_CLASSES = frozenset({"people", "visitors", "staff", "passengers"})
# Plural count nouns with no plural -s (a count noun is otherwise recognised by its -s).
INVARIANT_COUNTS = frozenset(
    _forms("people staff personnel police cattle livestock aircraft sheep crew gente personal")
)

# Physical units: surface -> (dimension, factor to the base unit: m, m², W, Wh, kg, l, km/h, s, °C, Hz, Ah).
UNITS: dict[str, tuple[str, float]] = {
    "km": ("length", 1e3),
    "kms": ("length", 1e3),
    "kilometres": ("length", 1e3),
    "kilometers": ("length", 1e3),
    "kilometre": ("length", 1e3),
    "kilometer": ("length", 1e3),
    "kilómetros": ("length", 1e3),
    "kilometros": ("length", 1e3),
    "miles": ("length", 1609.344),
    "mile": ("length", 1609.344),
    "mi": ("length", 1609.344),
    "millas": ("length", 1609.344),
    "metres": ("length", 1.0),
    "meters": ("length", 1.0),
    "metre": ("length", 1.0),  # "the 161.53-metre steeple", "161.5 meter (530 ft)"
    "meter": ("length", 1.0),
    "metros": ("length", 1.0),
    "feet": ("length", 0.3048),
    "foot": ("length", 0.3048),
    "inches": ("length", 0.0254),
    "inch": ("length", 0.0254),
    "yards": ("length", 0.9144),
    "yd": ("length", 0.9144),
    "cm": ("length", 0.01),
    "centimetres": ("length", 0.01),
    "centimeters": ("length", 0.01),
    "mm": ("length", 0.001),
    "millimetres": ("length", 0.001),
    "millimeters": ("length", 0.001),
    "ft": ("length", 0.3048),
    "pies": ("length", 0.3048),
    "km²": ("area", 1e6),
    "km2": ("area", 1e6),
    "sq km": ("area", 1e6),
    "square kilometres": ("area", 1e6),
    "square kilometers": ("area", 1e6),
    "kilómetros cuadrados": ("area", 1e6),
    "kilometros cuadrados": ("area", 1e6),
    "square miles": ("area", 2589988.11),
    "sq mi": ("area", 2589988.11),
    "millas cuadradas": ("area", 2589988.11),
    "hectares": ("area", 1e4),
    "hectáreas": ("area", 1e4),
    "hectareas": ("area", 1e4),
    "ha": ("area", 1e4),
    "acres": ("area", 4046.8564),
    "acre": ("area", 4046.8564),
    "m²": ("area", 1.0),
    "m2": ("area", 1.0),
    "square metres": ("area", 1.0),
    "square meters": ("area", 1.0),
    "metros cuadrados": ("area", 1.0),
    "square feet": ("area", 0.09290304),
    "sq ft": ("area", 0.09290304),
    "w": ("power", 1.0),
    "kw": ("power", 1e3),
    "mw": ("power", 1e6),
    "gw": ("power", 1e9),
    "tw": ("power", 1e12),
    "watts": ("power", 1.0),
    "kilowatts": ("power", 1e3),
    "megawatts": ("power", 1e6),
    "gigawatts": ("power", 1e9),
    "megawatt": ("power", 1e6),
    "gigawatt": ("power", 1e9),
    "megavatios": ("power", 1e6),
    "gigavatios": ("power", 1e9),
    "kwh": ("energy", 1e3),
    "mwh": ("energy", 1e6),
    "gwh": ("energy", 1e9),
    "twh": ("energy", 1e12),
    "kg": ("mass", 1.0),
    "kilograms": ("mass", 1.0),
    "kilogrammes": ("mass", 1.0),
    "kilos": ("mass", 1.0),
    "kilogramos": ("mass", 1.0),
    "tonnes": ("mass", 1e3),
    "tonne": ("mass", 1e3),
    "tons": ("mass", 1e3),
    "metric tons": ("mass", 1e3),
    "toneladas": ("mass", 1e3),
    "toneladas métricas": ("mass", 1e3),
    "ounces": ("mass", 0.0283495),
    "oz": ("mass", 0.0283495),
    "onzas": ("mass", 0.0283495),
    "litres": ("volume", 1.0),
    "liters": ("volume", 1.0),
    "litros": ("volume", 1.0),
    "gallons": ("volume", 3.785411784),
    "galones": ("volume", 3.785411784),
    "barrels": ("volume", 158.987295),
    "barriles": ("volume", 158.987295),
    "bbl": ("volume", 158.987295),
    "km/h": ("speed", 1.0),
    "mph": ("speed", 1.609344),
    "m/s": ("speed", 3.6),
    "km/s": ("speed", 3600.0),
    "mi/s": ("speed", 5793.6384),
    "m": ("length", 1.0),
    # durations, in seconds: "9.58 seconds", "2 hours, 3 minutes and 2 seconds"; "h:m:s" is a clock-written
    # one ("2:00:35", "3:43.13"), shown as it is written
    "seconds": ("time", 1.0),
    "second": ("time", 1.0),
    "secs": ("time", 1.0),
    "sec": ("time", 1.0),
    "minutes": ("time", 60.0),
    "minute": ("time", 60.0),
    "mins": ("time", 60.0),
    "min": ("time", 60.0),
    "hours": ("time", 3600.0),
    "hour": ("time", 3600.0),
    "hrs": ("time", 3600.0),
    "h:m:s": ("time", 1.0),
    # a clock's frequency, in hertz ("up to 3.3 GHz"), and a battery's charge, in ampere-hours ("5,000 mAh")
    "hz": ("frequency", 1.0),
    "khz": ("frequency", 1e3),
    "mhz": ("frequency", 1e6),
    "ghz": ("frequency", 1e9),
    "hertz": ("frequency", 1.0),
    "kilohertz": ("frequency", 1e3),
    "megahertz": ("frequency", 1e6),
    "gigahertz": ("frequency", 1e9),
    "mah": ("charge", 1e-3),
    "ah": ("charge", 1.0),
    # temperatures, in degrees Celsius: a Fahrenheit reading is also shifted (TEMPERATURE_ZEROS)
    "°c": ("temperature", 1.0),
    "°f": ("temperature", 5 / 9),
    "cc": ("volume", 0.001),
    "cm3": ("volume", 0.001),
    "cm³": ("volume", 0.001),
}
# Where a unit's scale puts 0 °C, for the units whose zero is not the base unit's: 32 °F is 0 °C, so a
# Fahrenheit reading is (x - 32) * 5/9 in the base unit. Every other unit is a factor alone.
TEMPERATURE_ZEROS: dict[str, float] = {"°f": 32.0}

# Units whose lower-case spelling is also a word or an abbreviation of something else: exact case only.
CASED_UNITS = {
    "m": "m",
    "W": "w",
    "kW": "kw",
    "MW": "mw",
    "GW": "gw",
    "TW": "tw",
    "kWh": "kwh",
    "MWh": "mwh",
    "GWh": "gwh",
    "TWh": "twh",
    "ha": "ha",
    "mi": "mi",
    "ft": "ft",
    "kg": "kg",
    "oz": "oz",
    "bbl": "bbl",
    "mAh": "mah",
    "Ah": "ah",
}

# Words that restrict where a quantity is counted: "the metro area's 1.3 million" is not the city's.
SCOPES: dict[str, str] = {
    "metro": "metro",
    "metropolitan": "metro",
    "metropolitana": "metro",
    "metropolitano": "metro",
    "greater": "metro",
    "wider": "metro",
    "conurbación": "metro",
    "urban": "metro",
    "national": "national",
    "nationwide": "national",
    "nacional": "national",
    "global": "global",
    "worldwide": "global",
    "mundial": "global",
    "domestic": "domestic",
    "international": "international",
    "internacional": "international",
    "direct": "direct",
    "directos": "direct",
    "directo": "direct",
    "indirect": "indirect",
    "indirectos": "indirect",
    "indirecto": "indirect",
    "segment": "segment",
    "division": "segment",
    "unit": "segment",
}

# Words that say nothing about which quantity is meant ("total revenue" is revenue).
NEUTRAL = frozenset(
    _forms(
        "total overall record reported new about some nearly almost around roughly approximately estimated "
        "final strong full combined gross value valued worth level figure number amount sum city town company "
        "group firm total totale récord nuevo nueva nuevos nuevas cifra monto importe valor ciudad empresa "
        "compañía grupo cerca unos unas alrededor aproximadamente casi más over more than least just land"
    )
)
# Words that link a quantity's name to its figure ("revenue rose to $X") and are skipped over.
LINK_WORDS = frozenset(
    _forms(
        "of in was were is are at to reached reaching totaled totalled totaling hit rose fell grew increased "
        "decreased jumped climbed dropped declined amounted stood came alone about around nearly almost "
        "approximately roughly some over under than more less by posted reported recorded generated had has have "
        "earned booked up down will would be been now stands set reach totals came amounts "
        "de del fue fueron es son alcanzó alcanzaron sumó sumaron llegó a en por cerca casi aproximadamente "
        "alrededor registró reportó obtuvo generó tuvo tiene tienen cuenta con unos unas será serán situó ubicó"
    )
) | frozenset(":=(–—-")
# A percent right after one of these measures a change, not a level: "rose 5%" vs "rose to 5%".
CHANGE_WORDS = frozenset(
    _forms(
        "rose grew fell increased decreased jumped climbed dropped declined gained lost slipped slumped surged "
        "up down rise growth increase decrease drop decline gain jump fall expanded contracted "
        "creció cayó aumentó subió bajó disminuyó avanzó retrocedió repuntó expandió contrajo alza baja "
        "aumento caída crecimiento incremento descenso más menos"
    )
)
# Words after which a figure is the earlier value: "from $12.50", "compared with 386,000".
PRIOR_BEFORE = (
    "from",
    "compared with",
    "compared to",
    "versus",
    "vs",
    "against",
    "desde",
    "frente a",
    "comparado con",
    "en comparación con",
    "contra",
    "previously",
    "anteriormente",
    "former",
)
# Words after a figure that put it in the past: "386,000 a year earlier".
PRIOR_AFTER = (
    "a year earlier",
    "a year ago",
    "a year before",
    "year-ago",
    "the year before",
    "the previous year",
    "the prior year",
    "last year",
    "in the same quarter last year",
    "in the same period last year",
    "un año antes",
    "hace un año",
    "el año pasado",
    "del año anterior",
    "el año anterior",
    "del mismo periodo",
    "un año atrás",
)

QUARTER_WORDS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "primer": 1,
    "primero": 1,
    "segundo": 2,
    "tercer": 3,
    "tercero": 3,
    "cuarto": 4,
}
HALF_WORDS = {"first": 1, "second": 2, "primer": 1, "primero": 1, "segundo": 2}

# Roles a person holds; "Mayor X" against "Mayor Y" is a disagreement about who holds it.
ROLES: dict[str, list[str]] = {
    "chief executive": [
        "chief executive officer",
        "chief executive",
        "ceo",
        "managing director",
        "director general",
        "directora general",
        "consejero delegado",
        "consejera delegada",
        "director ejecutivo",
        "directora ejecutiva",
    ],
    "chief financial officer": [
        "chief financial officer",
        "cfo",
        "director financiero",
        "directora financiera",
    ],
    "mayor": ["mayor", "alcalde", "alcaldesa", "presidente municipal", "presidenta municipal"],
    "governor": ["governor", "gov", "gobernador", "gobernadora"],
    "prime minister": ["prime minister", "premier", "primer ministro", "primera ministra"],
    "president": ["president", "presidente", "presidenta"],
    "chair": ["chairman", "chairwoman", "chairperson", "chair"],
    "coach": ["head coach", "coach", "entrenador", "director técnico"],
    "music director": ["music director", "musical director", "chief conductor", "principal conductor"],
    # a country's sovereign and the Church's head: "Emperor Naruhito", "Pope Leo XIV", one holder at a time
    "monarch": ["emperor", "empress", "king", "queen", "monarch", "rey", "reina"],
    "pope": ["pope", "pontiff", "papa"],
    "chancellor": ["chancellor", "canciller"],
    # the heads of an agency or an authority: "the Administrator of the Panama Canal Authority", "the
    # Commissioner of Transport for London"
    "administrator": ["administrator", "administrador", "administradora"],
    "commissioner": ["commissioner", "comisionado", "comisionada"],
    # a title of two words matches with a space or a hyphen ("Secretary-General"): text/roles.py
    "secretary general": [
        "secretary general",
        "general secretary",
        "secretario general",
        "secretaria general",
    ],
    # the head of a museum, an agency or an international body: "Director of the British Museum", "Executive
    # Director of UNAIDS", "WHO Regional Director for Africa"
    "director": ["executive director", "regional director", "director", "directora"],
    # offices of one holder at a time that a court, a church, a university, a police force or a cabinet
    # names by title: "the Chief Justice of India", "the Archbishop of Wales", "Vice-Chancellor Irene Tracey"
    "chief justice": ["chief justice"],
    "archbishop": ["archbishop"],
    "vice chancellor": ["vice chancellor"],
    "attorney general": ["attorney general"],
    "grand imam": ["grand imam"],
    "moderator": ["moderator"],
    "chief of police": ["chief of police", "police chief"],
    # the head of a postal service: "Postmaster General David Steiner"
    "postmaster general": ["postmaster general"],
    # one holder at a time of a newsroom, a side, a club's bench, a racing team, a chamber and a university's
    # academic office: "Guardian editor Katharine Viner", "England captain Ben Stokes", "Arsenal manager Mikel
    # Arteta", "Ferrari team principal Fred Vasseur", "Speaker Mike Johnson", "MIT provost Cynthia Barnhart".
    # Read like every role: a holder, past cues ("former editor"); "deputy" or "assistant" before one is
    # another post
    "editor": ["editor in chief", "executive editor", "editor"],
    "captain": ["captain", "skipper"],
    "manager": ["manager"],
    "team principal": ["team principal"],
    "speaker": ["speaker"],
    "provost": ["provost"],
    # more posts of one holder at a time: a party's leader ("Conservative leader Kemi Badenoch"), a school's
    # or a university's principal, a police force's chief constable, a corps' commandant, a newspaper's
    # publisher, a band's lead singer and a country's head of state
    "leader": ["party leader", "leader"],
    "principal": ["principal"],
    "chief constable": ["chief constable"],
    "commandant": ["commandant"],
    "publisher": ["publisher"],
    "lead singer": ["lead singer", "lead vocalist", "frontman"],
    "head of state": ["head of state"],
    # the head of a national park, a school district or an academy: "Yellowstone Superintendent Cam Sholly"
    "superintendent": ["superintendent"],
    "finance minister": ["finance minister", "minister of finance", "federal minister of finance"],
    # more posts of one holder at a time (round 168: asked on real pages and read as no post): a state's or a
    # province's chief minister, a secretariat's executive secretary, a university's rector, a church's
    # patriarch and a community's chief rabbi
    "chief minister": ["chief minister"],
    "executive secretary": ["executive secretary"],
    "rector": ["rector"],
    "patriarch": ["patriarch"],
    "chief rabbi": ["chief rabbi"],
}
# every word of every role's title ("chief", "executive", "officer", "ceo", ...): a capitalised run holding
# one before a name is the title, not the name (text/roles.py), and a holder's label is a name and a title
# (readers/trim.py)
ROLE_WORDS = frozenset(word for forms in ROLES.values() for form in forms for word in form.split())
PAST_ROLE = frozenset(
    _forms(
        "former ex previous outgoing late interim acting predecessor anterior exdirector saliente "
        "expresidente interino interina"
    )
)  # not the current holder (issue 22)


def stem(word: str, lang: str) -> str:
    """The Snowball stem of a folded word in ``lang`` ("en" or "es")."""
    return _stem(fold(word), lang)


@lru_cache(maxsize=16384)
def _stem(folded: str, lang: str) -> str:
    return str(_STEMMERS[lang].stemWord(folded))


def _index(table: dict[str, list[str]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, forms in table.items():
        for form in forms:
            folded = fold(form)
            out.setdefault(folded, key)
            for lang in _STEMMERS:
                out.setdefault(f"{lang}:{_stem(folded, lang)}", key)
    return out


_CONCEPT_INDEX = _index(CONCEPTS)
_COUNT_INDEX = _index(COUNT_CLASSES)


@lru_cache(maxsize=16384)
def concept_of(word: str, lang: str) -> str | None:
    """The concept a word names ("ventas" -> "revenue", "produced" -> "production"), else None."""
    folded = fold(word)
    return _CONCEPT_INDEX.get(folded) or _CONCEPT_INDEX.get(f"{lang}:{_stem(folded, lang)}")


@lru_cache(maxsize=4096)
def count_class(noun: str) -> str:
    """What a count noun counts: "flats" and "apartments" -> "dwellings"; an unlisted noun is its singular.

    Language-free on purpose (a figure is read before its page's language matters): the noun is
    looked up as written, then by its English and its Spanish stem.
    """
    folded = " ".join(fold(noun).split())
    if folded in COUNT_PHRASES:
        return COUNT_PHRASES[folded]
    head = folded.split()[-1] if folded else folded
    for key in (head, f"en:{_stem(head, 'en')}", f"es:{_stem(head, 'es')}"):
        if key in _COUNT_INDEX:
            return _COUNT_INDEX[key]
    return fold_word(head)


@lru_cache(maxsize=16384)
def word_key(word: str, lang: str) -> str:
    """How an open-vocabulary word (a segment, a material) is compared: its concept, else its stem.

    British "-tre"/"-bre" spellings are read as American ones first ("data-centre" is "data center").
    """
    folded = fold(word)
    if folded.endswith(("tre", "bre")) and len(folded) > 4:
        folded = folded[:-2] + "er"
    return concept_of(folded, lang) or _stem(folded, lang)
