// Tiny JSON rosters built from the exporters' documented schemas (New Recruit's JSON export and ListForge's "share
// JSON": the BattleScribe roster schema as JSON; Rosterizer's roster: a `snapshot` of `Classification§Designation`
// assets), for the tests that read them (unit and CLI). Self-made: no real roster is copied.

export const sel = (name: string, type: string, extra: Record<string, unknown> = {}) => ({ id: `id-${name}`, name, entryId: `e-${name}`, number: 1, type, from: 'entry', ...extra });
export const pts = (value: number) => [{ name: 'pts', typeId: 'points', value }];

/** New Recruit's JSON export of a small World Eaters list (the schema its documentation gives), 10th or 11th edition. */
export function newRecruitRoster(edition: 10 | 11 = 10): object {
  return {
    roster: {
      id: 'r1',
      name: 'Blood Road',
      battleScribeVersion: '2.03',
      generatedBy: 'https://newrecruit.eu',
      gameSystemId: 'sys-1',
      gameSystemName: edition === 11 ? 'Warhammer 40,000 11th Edition' : 'Warhammer 40,000 10th Edition',
      gameSystemRevision: '1',
      xmlns: 'http://www.battlescribe.net/schema/rosterSchema',
      costs: pts(505),
      costLimits: [{ name: 'pts', typeId: 'points', value: 1000 }],
      forces: [
        {
          id: 'f1',
          name: 'Army Roster',
          entryId: 'fe1',
          catalogueId: 'c1',
          catalogueRevision: '1',
          catalogueName: 'Chaos - World Eaters',
          selections: [
            sel('Battle Size', 'upgrade', { selections: [sel('1. Incursion (1000 Point limit)', 'upgrade')], categories: [{ id: 'k', name: 'Configuration', entryId: 'k', primary: true }] }),
            sel('Detachment', 'upgrade', { selections: [sel('Berzerker Warband', 'upgrade')], categories: [{ id: 'k', name: 'Configuration', entryId: 'k', primary: true }] }),
            ...(edition === 11 ? [sel('Force Disposition', 'upgrade', { selections: [sel('Purge the Foe', 'upgrade')] })] : []),
            sel('Khârn the Betrayer', 'model', {
              costs: pts(100),
              categories: [{ id: 'c', name: 'Epic Hero', entryId: 'c', primary: true }, { id: 'c2', name: 'Character', entryId: 'c2', primary: false }],
              selections: [sel('Gorechild', 'upgrade'), sel('Plasma pistol', 'upgrade'), sel('Warlord', 'upgrade', { categories: [{ id: 'w', name: 'Warlord', entryId: 'w', primary: false }] })],
            }),
            sel('Master of Executions', 'model', {
              costs: pts(85),
              categories: [{ id: 'c', name: 'Character', entryId: 'c', primary: true }],
              selections: [sel('Axe of dismemberment', 'upgrade'), sel('Bolt pistol', 'upgrade'), sel('Berzerker Glaive', 'upgrade', { group: 'Enhancements', costs: pts(25) })],
            }),
            sel('Khorne Berzerkers', 'unit', {
              costs: pts(0),
              categories: [{ id: 'b', name: 'Battleline', entryId: 'b', primary: true }],
              selections: [
                sel('Icon of Khorne', 'upgrade', { costs: pts(0) }),
                sel('Khorne Berzerker Champion', 'model', { costs: pts(18), selections: [sel('Chainblade', 'upgrade'), sel('Plasma pistol', 'upgrade')] }),
                sel('Khorne Berzerker', 'model', { number: 9, costs: pts(162), selections: [sel('Bolt pistol', 'upgrade', { number: 7 }), sel('Chainblade', 'upgrade', { number: 7 }), sel('Plasma pistol', 'upgrade', { number: 2 }), sel('Khornate eviscerator', 'upgrade', { number: 2 })] }),
              ],
            }),
          ],
          forces: [
            {
              id: 'f2',
              name: 'Allies',
              catalogueName: 'Chaos - Chaos Daemons',
              selections: [sel('Bloodletters', 'unit', { costs: pts(120), categories: [{ id: 'o', name: 'Infantry', entryId: 'o', primary: true }], selections: [sel('Bloodletter', 'model', { number: 10, selections: [sel('Hellblade', 'upgrade', { number: 10 })] })] })],
            },
          ],
        },
      ],
    },
  };
}

/** ListForge's "share JSON": the same outer shape, no New Recruit signature, the faction in each unit's "Faction: X" category. */
export function listForgeRoster(): object {
  const faction = { id: 'f', name: 'Faction: World Eaters', entryId: 'f', primary: false };
  return {
    name: 'Blood Road',
    roster: {
      name: 'Blood Road',
      costs: pts(185),
      forces: [
        {
          selections: [
            sel('Battle Size', 'upgrade', { selections: [sel('Strike Force (2000 Point limit)', 'upgrade')] }),
            sel('Detachment', 'upgrade', { selections: [sel('Berzerker Warband', 'upgrade')] }),
            sel('Khârn the Betrayer', 'model', { costs: pts(100), categories: [{ id: 'c', name: 'Epic Hero', entryId: 'c', primary: true }, faction], selections: [sel('Gorechild', 'upgrade', { categories: [{ id: 'm', name: 'Melee Weapon', entryId: 'm', primary: false }] }), sel('Warlord', 'upgrade')] }),
            sel('Master of Executions', 'model', { costs: pts(60), categories: [{ id: 'c', name: 'Character', entryId: 'c', primary: true }, faction], selections: [sel('Axe of dismemberment', 'upgrade'), sel('Favoured of Khorne', 'upgrade', { group: 'Enhancements: Berzerker Warband', costs: pts(25) })] }),
          ],
        },
      ],
    },
  };
}

/** Rosterizer's roster: the `snapshot` envelope of `Classification§Designation` assets. */
export function rosterizerRoster(): object {
  const asset = (item: string, quantity = 1, extra: Record<string, unknown> = {}) => ({ item, name: item.split('§')[1], quantity, ...extra });
  return {
    slug: '',
    rulebook: { name: 'Warhammer 40,000', game: 'Warhammer 40,000' },
    snapshot: {
      item: 'Roster§Roster',
      name: 'Dog Pack',
      quantity: 1,
      stats: { Points: { value: 335 } },
      assets: {
        included: [
          asset('Faction§Chaos Knights'),
          asset('Detachment§Houndpack Lance'),
          asset('Battle Size§Strike Force (2000 Point limit)'),
          asset('Unit§War Dog Karnivore', 1, {
            stats: { Points: { value: 150 } },
            assets: { included: [asset("Enhancement§Preyslayer's Mantle", 1, { stats: { Points: { value: 15 } } }), asset('Weapon§Reaper chaintalon'), asset('Weapon§Havoc multi-launcher')], traits: [asset('Trait§Warlord')] },
          }),
          asset('Unit§War Dog Executioner', 1, { stats: { Points: { value: 130 } }, assets: { included: [asset('Weapon§War Dog autocannon', 2), asset('Weapon§Armoured feet')] } }),
          asset('Unit§Nurglings', 3, { stats: { Points: { value: 40 } }, assets: { included: [asset('Weapon§Diseased claws and teeth', 3)] } }),
        ],
      },
    },
  };
}

