"""Subtypes a rule or card text may name as a spell's type (CR 205.3g-m), for spell descriptions such as
"Cleric spells" or "Equipment spells" (a capitalised word that names no subtype is not read as one).

The lists follow the Comprehensive Rules (2026-02-27): 205.3g artifact types, 205.3h enchantment types, 205.3k
spell types, 205.3m creature types (Time Lord, the one two-word creature type, is left out: no cost change
names it). Land and planeswalker types (205.3i-j) are not spell subtypes that cost changes name; the nonbasic
land types (205.3i) are listed for ``subtype_kind`` and the text readers.
"""
from __future__ import annotations

from mtgcheck.models.game.cards import BASIC_LAND_TYPES

#: CR 205.3g
ARTIFACT_TYPES: frozenset[str] = frozenset((
    "Attraction Blood Bobblehead Clue Contraption Equipment Food Fortification Gold Incubator Infinity Junk Lander "
    "Map Mutagen Powerstone Spacecraft Stone Treasure Vehicle "
).split())

#: CR 205.3h
ENCHANTMENT_TYPES: frozenset[str] = frozenset((
    "Aura Background Cartouche Case Class Curse Role Room Rune Saga Shard Shrine "
).split())

#: CR 205.3k
SPELL_TYPES: frozenset[str] = frozenset((
    "Adventure Arcane Lesson Omen Trap "
).split())

#: CR 205.3m (one-word creature types)
CREATURE_TYPES: frozenset[str] = frozenset((
    "Advisor Aetherborn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer Assassin Assembly-Worker "
    "Astartes Atog Aurochs Avatar Azra Badger Balloon Barbarian Bard Basilisk Bat Bear Beast Beaver Beeble Beholder "
    "Berserker Bird Bison Blinkmoth Boar Bringer Brushwagg Camarid Camel Capybara Caribou Carrier Cat Centaur Child "
    "Chimera Citizen Cleric Clown Cockatrice Construct Coward Coyote Crab Crocodile C’tan Custodes Cyberman Cyclops "
    "Dalek Dauthi Demigod Demon Deserter Detective Devil Dinosaur Djinn Doctor Dog Dragon Drake Dreadnought Drix "
    "Drone Druid Dryad Dwarf Echidna Efreet Egg Elder Eldrazi Elemental Elephant Elf Elk Employee Eye Faerie Ferret "
    "Fish Flagbearer Fox Fractal Frog Fungus Gamer Gargoyle Germ Giant Gith Glimmer Gnoll Gnome Goat Goblin God Golem "
    "Gorgon Graveborn Gremlin Griffin Guest Hag Halfling Hamster Harpy Hedgehog Hellion Hero Hippo Hippogriff Homarid "
    "Homunculus Horror Horse Human Hydra Hyena Illusion Imp Incarnation Inkling Inquisitor Insect Jackal Jellyfish "
    "Juggernaut Kangaroo Kavu Kirin Kithkin Knight Kobold Kor Kraken Llama Lamia Lammasu Leech Lemur Leviathan "
    "Lhurgoyf Licid Lizard Lobster Manticore Masticore Mercenary Merfolk Metathran Minion Minotaur Mite Mole Monger "
    "Mongoose Monk Monkey Moogle Moonfolk Mount Mouse Mutant Myr Mystic Nautilus Necron Nephilim Nightmare "
    "Nightstalker Ninja Noble Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc Orgg Otter Ouphe Ox Oyster Pangolin "
    "Peasant Pegasus Pentavite Performer Pest Phelddagrif Phoenix Phyrexian Pilot Pincher Pirate Plant Platypus "
    "Porcupine Possum Praetor Primarch Prism Processor Qu Rabbit Raccoon Ranger Rat Rebel Reflection Rhino Rigger "
    "Robot Rogue Sable Salamander Samurai Sand Saproling Satyr Scarecrow Scientist Scion Scorpion Scout Sculpture "
    "Seal Serf Serpent Servo Shade Shaman Shapeshifter Shark Sheep Siren Skeleton Skunk Slith Sliver Sloth Slug Snail "
    "Snake Soldier Soltari Sorcerer Spawn Specter Spellshaper Sphinx Spider Spike Spirit Splinter Sponge Squid "
    "Squirrel Starfish Surrakar Survivor Symbiote Synth Tentacle Tetravite Thalakos Thopter Thrull Tiefling Toy "
    "Treefolk Trilobite Triskelavite Troll Turtle Tyranid Unicorn Utrom Vampire Varmint Vedalken Villain Volver Wall "
    "Walrus Warlock Warrior Weasel Weird Werewolf Whale Wizard Wolf Wolverine Wombat Worm Wraith Wurm Yeti Zombie "
    "Zubera "
).split())

#: CR 205.3i: nonbasic land types (they give no intrinsic ability; 305.6 names only the basic ones).
NONBASIC_LAND_TYPES: frozenset[str] = frozenset("Cave Cloud Desert Gate Lair Locus Mine Planet Power-Plant Sphere Tower "
                                                "Town Urza's".split())

#: Every subtype a spell description may name.
SPELL_SUBTYPES: frozenset[str] = ARTIFACT_TYPES | ENCHANTMENT_TYPES | SPELL_TYPES | CREATURE_TYPES

#: CR 205.3i (land types; the five basic land types among them, 305.6)
LAND_TYPES: frozenset[str] = frozenset((
    "Cave Cloud Desert Forest Gate Island Lair Locus Mine Mountain Plains Planet Power-Plant Sphere Swamp Tower Town "
    "Urza's"
).split())

#: Every subtype of CR 205.3g-m that object words of card text name (planeswalker, planar and dungeon types are
#: names of single objects and are not listed).
SUBTYPES: frozenset[str] = SPELL_SUBTYPES | LAND_TYPES | frozenset({"Time Lord"})

#: CR 700.12: "outlaw" names an object with at least one of these creature types (a batch word, not a subtype).
OUTLAW_TYPES: tuple[str, ...] = ("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock")
#: CR 700.6: "historic" names an object with the artifact card type, the legendary supertype or the Saga subtype
#: (a batch word, any of the three).
HISTORIC_KINDS: tuple[str, ...] = ("Artifact", "Legendary", "Saga")

#: Plurals that are not the singular plus "s"/"es" (or "y" -> "ies"), as Oracle text spells them (Slinn Voda:
#: "Krakens, Leviathans, Octopuses"; Cloudpost's "Locus", plural "Loci").
_IRREGULAR_PLURALS: dict[str, str] = {
    "Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Werewolf": "Werewolves", "Mouse": "Mice", "Ox": "Oxen",
    "Fungus": "Fungi", "Homunculus": "Homunculi", "Locus": "Loci", "Cyclops": "Cyclopes", "Sorcery": "Sorceries",
    "Pegasus": "Pegasi", "Hero": "Heroes", "Cyberman": "Cybermen", "Child": "Children",
}
#: Words whose plural is the word itself (CR 205.3m names them once; Oracle writes "Merfolk you control").
_SAME_PLURAL: frozenset[str] = frozenset((
    "Aurochs Azra Caribou Dauthi Eldrazi Elk Equipment Fish Jellyfish Kavu Kithkin Kor Lammasu Merfolk "
    "Metathran Moonfolk Myr Plains Samurai Sheep Slith Soltari Starfish Surrakar Thalakos Urza's Bison Gith "
    "Treefolk Astartes Spacecraft Nephilim Spawn Aetherborn Graveborn Zubera"
).split())  # "Djinns", "Efreets", "Ninjas" take an "s" in Oracle text
_SINGULAR_OF: dict[str, str] = {v.lower(): k for k, v in _IRREGULAR_PLURALS.items()} | {"octopi": "Octopus"}


def plural(word: str) -> str:
    """The plural of a type word as Oracle text spells it ("Elf" -> "Elves", "Locus" -> "Loci", "Ally" -> "Allies",
    "Fox" -> "Foxes", "Merfolk" -> "Merfolk", "creature" -> "creatures", "sorcery" -> "sorceries"); the case of the
    first letter is kept."""
    if not word:
        return word
    cap = word[:1].upper() + word[1:]
    got = _IRREGULAR_PLURALS.get(cap)
    if got is not None:
        return got if word[:1].isupper() else got.lower()
    if cap in _SAME_PLURAL:
        return word
    low = word.lower()
    if low.endswith(("s", "x", "ch", "sh", "z")):
        return word + "es"
    if low.endswith("y") and low[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def singular(word: str) -> str:
    """The singular of a type word, plural or not ("Elves" -> "Elf", "Loci" and "Locus" -> "Locus", "Plains",
    "Allies" -> "Ally", "Foxes" -> "Fox", "outlaws" -> "outlaw", "colorless" unchanged, "creatures" -> "creature").

    A word that is itself a subtype of CR 205.3 (Locus, Plains, Fungus, Aurochs, Octopus) is returned as it is; a
    plural is undone only to a known subtype when the word is capitalised, and by the English rules otherwise
    (never cutting the "s" of "-ss" or "-us": "colorless", "Locus")."""
    w = word.strip()
    if not w:
        return w
    cap = w[:1].upper() + w[1:]
    if cap in SUBTYPES or cap in _SAME_PLURAL:
        return w
    got = _SINGULAR_OF.get(w.lower())
    if got is not None:
        return got if w[:1].isupper() else got.lower()
    low = w.lower()
    candidates = []
    if low.endswith("ies"):
        candidates.append(w[:-3] + "y")
    if low.endswith("es"):
        candidates.append(w[:-2])
    if low.endswith("s") and not low.endswith(("ss", "us")):
        candidates.append(w[:-1])
    for c in candidates:
        if (c[:1].upper() + c[1:]) in SUBTYPES:
            return c
    if low.endswith("ies"):
        return w[:-3] + "y"
    if low.endswith(("sses", "shes", "ches", "xes", "zes")):
        return w[:-2]
    if low.endswith("s") and not low.endswith(("ss", "us")):
        return w[:-1]
    return w


def subtype_kind(s: str) -> str | None:
    """The card type a subtype goes with (CR 205.3g-m: ``Creature``, ``Land``, ``Artifact``, ``Enchantment``), or
    ``None`` when not known here (a planeswalker or battle type, CR 205.3j, 205.3p)."""
    if s in CREATURE_TYPES:
        return "Creature"
    if s in BASIC_LAND_TYPES or s in NONBASIC_LAND_TYPES:
        return "Land"
    if s in ARTIFACT_TYPES:
        return "Artifact"
    if s in ENCHANTMENT_TYPES:
        return "Enchantment"
    return None
