// Hand-written 11th-edition lists, one per export quirk (self-made, not copies of real exports):
// read by the parser, format and grammar tests.
/** App v2, English: two detachments joined by "and", "Force Dispositions:" with a trailing comma, battle size after. */
export const APP_V2 = `Iron Vigil (1,010 Points)

Space Marines
Imperial Fists
Anvil Siege Force and Vanguard Spearhead (3 Detachment Points)
Force Dispositions: Take and Hold, Reconnaissance,
Incursion (1,000 Points)

ATTACHED UNITS

Attached unit 1

Captain (80 Points)
  • Attached as: Leader (Character)
  • Warlord
  • 1x Master-crafted power weapon
  • 1x Heavy bolt pistol
  • Enhancements: Bolter Discipline

Lieutenant (65 Points)
  • Attached as: Support (Character)
  • 1x Master-crafted bolt rifle

Intercessor Squad (160 Points)
  • Attached as: Bodyguard (Battleline)
  • 1x Intercessor Sergeant
     ◦ 1x Bolt rifle
     ◦ 1x Close combat weapon
  • 9x Intercessor
     ◦ 9x Bolt rifle
     ◦ 9x Close combat weapon

Attached unit 2

Apothecary (50 Points)
  • Attached as: Leader (Character)
  • 1x Absolvor bolt pistol

Hellblaster Squad (230 Points)
  • Attached as: Bodyguard ()
  • 5x Hellblaster
     ◦ 5x Plasma incinerator

CHARACTERS

Chaplain (60 Points)
  • 1x Crozius arcanum

OTHER DATASHEETS

Redemptor Dreadnought (210 Points)
  • 1x Macro plasma incinerator
  • 1x Redemptor fist

Infiltrator Squad (155 Points)
  • 5x Infiltrator
     ◦ 5x Marksman bolt carbine

Exported with App Version: v2.3.1 (17), Data Version: v901`;

/** App v2, French: "Points de Détachement", bare disposition, "Force de Frappe", "Unités Attachées", v1-style body (dialect B). */
export const APP_V2_FR = `Croisade Rouge (170 points)

World Eaters
Force de Frappe (2000 points)
Berzerker Warband (3 Points de Détachement)
Dispositions des Forces : Éliminez l’Adversaire

Unités Attachées
Unité 1 Attachée

Slaughterbound (95 points)
• Attachée en tant que : Meneur (Personnage)
  • Seigneur de Guerre
  • 1x Lacerator and daemonic claw
  • Optimisation : Battle-lust

Jakhals (75 points)
• Attachée en tant que : Gardes du Corps (Ligne)
  • 1x Jakhal Pack Leader
    • 1x Autopistol
      1x Chainblades
  • 9x Jakhal
    • 9x Autopistol
      9x Chainblades

Exporté avec la Version de l'Appli : v2.4.0 (139), Version de Données : v925`;

/** The flattened paste: no title, no blank lines, no indentation, no space before the points. */
export const FLAT = `Grey Knights
Sanctic Spearhead (2 Detachment Points)
Priority Assets
Incursion (1,000 Points)
ATTACHED UNITS
Attached unit 1
Brother-Captain120 Points
• Attached as: Leader (Character)
• Warlord
• 1x Nemesis force weapon
• 1x Storm bolter
Strike Squad120 Points
• Attached as: Bodyguard
• 1x Justicar
◦ 1x Nemesis force weapon
• 4x Grey Knight
◦ 4x Nemesis force weapon
◦ 3x Storm bolter
◦ 1x Psilencer
OTHER DATASHEETS
Nemesis Dreadknight1,045 Points
• 1x Dreadfists
Exported with App Version: v2.6.0 (3), Data Version: v946`;

/** New Recruit GW text, 11th edition: FORCE DISPOSITION and two comma-joined detachments. */
export const NR11 = `+++++++++++++++++++++++++++++++++++++++++++++++
+ FACTION KEYWORD: Xenos - Orks
+ DETACHMENT: Freebooter Krew (Da Loot), More Dakka! (Dakka Dakka)
+ FORCE DISPOSITION: Purge the Foe, Take and Hold
+ TOTAL ARMY POINTS: 140pts
+
+ WARLORD: Char1: Warboss
+ NUMBER OF UNITS: 2
+++++++++++++++++++++++++++++++++++++++++++++++

CHARACTER

Warboss (75 pts)
• 1x Big choppa
• Warlord

BATTLELINE

Boyz (65 pts)
• 1x Boss Nob
    • 1x Slugga
• 9x Boy
    • 9x Choppa`;

/** War Organ's own export. */
export const WARORGAN = `Green Tide [245 points]
Orks
Battle Size: Incursion (1000 point limit)

Detachments: War Horde, More Dakka! (2/2 Detachment Points)
Force Disposition: Take And Hold

Big Lads

  Warboss (90 points)
    • Warlord
    • Big choppa and Slugga
    • Head Woppa's Killchoppa [+15 points]

  Boyz (85 points)
    • 1 Boss Nob with Big choppa and Slugga
    • 9 Boyz with Choppa and Slugga

Vehicle

  Deff Dread (70 points)
    • 2 Dread klaws, Big shoota & rokkit and Dread klaw

Created with WarOrgan (https://warorgan.com)`;

/** War Organ's app-style export: tab bullets, "Strike Force (2000 Point)", comma-joined detachments. */
export const WARORGAN_APP = `Hammer Line (185 points)

Astra Militarum
Incursion (1000 Point)
Armoured Infantry, Bridgehead Strike


CHARACTER

Cadian Castellan (55 points)
\t• 1x Laspistol
\t• 1x Chainsword
\t• Warlord


BATTLELINE

Cadian Shock Troops (130 points)
\t• 1x Cadian Shock Trooper Sergeant
\t\t• 1x Laspistol
\t• 19x Cadian Shock Troopers
\t\t• 19x Lasgun`;

