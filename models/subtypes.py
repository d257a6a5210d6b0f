"""Subtypes a rule or card text may name as a spell's type (CR 205.3g-m), for spell descriptions such as
"Cleric spells" or "Equipment spells" (a capitalised word that names no subtype is not read as one).

The lists follow the Comprehensive Rules (2026-02-27): 205.3g artifact types, 205.3h enchantment types, 205.3k
spell types, 205.3m creature types (Time Lord, the one two-word creature type, is left out: no cost change
names it). Land and planeswalker types (205.3i-j) are not spell subtypes that cost changes name; the nonbasic
land types (205.3i) are listed for ``subtype_kind`` and the text readers.
"""
from __future__ import annotations

from .cards import BASIC_LAND_TYPES

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
