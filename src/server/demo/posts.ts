import type { ProductInput } from '../../shared/contracts/catalog';

/** How a demo image looks: a palette and a motif, drawn from SVG at seed time (see images.ts). */
export type DemoMotif =
  | 'mug'
  | 'bowl'
  | 'vase'
  | 'planter'
  | 'plate'
  | 'print'
  | 'textile'
  | 'card'
  | 'chip'
  | 'floppy'
  | 'cassette'
  | 'keyboard'
  | 'monitor'
  | 'vinyl';

export interface DemoPost {
  seller: 'maya' | 'leo';
  post: Omit<ProductInput, '_id' | 'medias'>;
  /** One entry per image (1–3): the motif and its alt text. */
  images: { motif: DemoMotif; alt: string }[];
}

const size = (prices: [string, number][]) => [
  { name: 'Size', options: prices.map(([name, priceDelta]) => ({ name, priceDelta })) },
];

/** Maya's studio: ceramics, prints and textiles. */
const MAYA: DemoPost[] = [
  {
    seller: 'maya',
    post: {
      title: 'Speckled stoneware mug, oatmeal glaze',
      description:
        'Wheel-thrown stoneware mug with a speckled oatmeal glaze and a comfortable thumb rest. Holds about 350 ml. Dishwasher and microwave safe.',
      price: 34,
      shippingCost: 6.5,
      stock: 12,
      _tags: ['ceramics', 'handmade', 'kitchen'],
      variations: size([
        ['Regular 350 ml', 0],
        ['Large 480 ml', 6],
      ]),
    },
    images: [
      { motif: 'mug', alt: 'Speckled oatmeal mug on a linen cloth' },
      { motif: 'mug', alt: 'The mug from the side, showing the thumb rest' },
    ],
  },
  {
    seller: 'maya',
    post: {
      title: 'Rust red serving bowl',
      description:
        'A wide serving bowl glazed in a deep rust red that breaks to brown on the rim. 26 cm across: salads, pasta, fruit.',
      price: 68,
      shippingCost: 9,
      stock: 3,
      _tags: ['ceramics', 'handmade', 'kitchen', 'pottery'],
    },
    images: [
      { motif: 'bowl', alt: 'Rust red bowl seen from above' },
      { motif: 'bowl', alt: 'The rim where the glaze breaks to brown' },
      { motif: 'bowl', alt: 'The unglazed foot with the studio stamp' },
    ],
  },
  {
    seller: 'maya',
    post: {
      title: 'Celadon bud vase trio',
      description:
        'Three small bud vases in celadon, each a little different. Perfect for a windowsill or a dinner table.',
      price: 45,
      shippingCost: 6.5,
      stock: 5,
      _tags: ['ceramics', 'home', 'gifts'],
    },
    images: [{ motif: 'vase', alt: 'Three pale green bud vases with dried flowers' }],
  },
  {
    seller: 'maya',
    post: {
      title: 'Hanging planter with jute cord',
      description:
        'Small glazed planter with a drainage hole and a hand-knotted jute hanger. Fits a 9 cm nursery pot.',
      price: 29,
      shippingCost: 6.5,
      stock: 0,
      _tags: ['ceramics', 'home', 'plants'],
      variations: [
        {
          name: 'Glaze',
          options: [
            { name: 'Sea blue', stock: 0 },
            { name: 'Chalk white', stock: 0 },
          ],
        },
      ],
    },
    images: [
      { motif: 'planter', alt: 'Blue hanging planter with a pothos' },
      { motif: 'planter', alt: 'White hanging planter on a hook' },
    ],
  },
  {
    seller: 'maya',
    post: {
      title: 'Dinner plates, set of four',
      description:
        'Four matching dinner plates with a satin white glaze and an iron oxide rim. 27 cm. Made to order: allow two weeks.',
      price: 120,
      shippingCost: 14,
      stock: 4,
      _tags: ['ceramics', 'kitchen', 'handmade'],
    },
    images: [
      { motif: 'plate', alt: 'Four white plates stacked, brown rims' },
      { motif: 'plate', alt: 'One plate set for dinner' },
    ],
  },
  {
    seller: 'maya',
    post: {
      title: 'Espresso cups, pair',
      description: 'Two 90 ml espresso cups in a glossy midnight glaze. They stack.',
      price: 38,
      shippingCost: 6.5,
      stock: 8,
      _tags: ['ceramics', 'kitchen', 'gifts'],
    },
    images: [{ motif: 'mug', alt: 'Two small dark blue espresso cups' }],
  },
  {
    seller: 'maya',
    post: {
      title: 'Moon jar, large',
      description:
        'A large moon jar built from two thrown halves, with a soft ivory glaze. A one-off piece, about 32 cm tall.',
      price: 340,
      shippingCost: 25,
      stock: 1,
      _tags: ['ceramics', 'art', 'home'],
    },
    images: [
      { motif: 'vase', alt: 'Round ivory moon jar on a wooden plinth' },
      { motif: 'vase', alt: 'Detail of the seam where the halves meet' },
    ],
  },
  {
    seller: 'maya',
    post: {
      title: 'Studio print: kiln at dusk',
      description:
        'Giclée print of my kiln yard at dusk, on 300 g cotton paper. Signed and numbered, edition of 50.',
      price: 55,
      shippingCost: 5,
      stock: 20,
      _tags: ['art', 'prints'],
      variations: size([
        ['A4', 0],
        ['A3', 20],
      ]),
    },
    images: [{ motif: 'print', alt: 'Print of a brick kiln under an orange sky' }],
  },
  {
    seller: 'maya',
    post: {
      title: 'Abstract glaze study, framed',
      description:
        'A framed tile from my glaze tests: layered ash glazes in greens and browns. 20 × 20 cm in an oak frame.',
      price: 90,
      shippingCost: 8,
      stock: 1,
      _tags: ['art', 'ceramics'],
    },
    images: [{ motif: 'print', alt: 'Square tile with green and brown glaze in an oak frame' }],
  },
  {
    seller: 'maya',
    post: {
      title: 'Hand-dyed linen apron',
      description:
        'Heavy linen apron dyed with madder root, with two deep pockets and cross-back straps. One size fits most.',
      price: 62,
      shippingCost: 5,
      stock: 6,
      _tags: ['fashion', 'handmade', 'textiles'],
      variations: [
        {
          name: 'Colour',
          options: [
            { name: 'Madder pink', stock: 4 },
            { name: 'Indigo', stock: 2, priceDelta: 8 },
          ],
        },
      ],
    },
    images: [
      { motif: 'textile', alt: 'Pink linen apron hanging on a peg' },
      { motif: 'textile', alt: 'Indigo version of the apron' },
    ],
  },
  {
    seller: 'maya',
    post: {
      title: 'Block-printed tote bag',
      description: 'Sturdy cotton canvas tote, block-printed by hand with a mug pattern.',
      price: 24,
      shippingCost: 4,
      stock: 15,
      _tags: ['fashion', 'handmade', 'gifts'],
    },
    images: [{ motif: 'textile', alt: 'Canvas tote bag printed with small mugs' }],
  },
  {
    seller: 'maya',
    post: {
      title: 'Gift card, studio class',
      description:
        'A three-hour wheel class at my Portland studio for one person, clay and firing included.',
      price: 85,
      shippingCost: 0,
      stock: 10,
      _tags: ['gifts', 'workshops'],
    },
    images: [{ motif: 'card', alt: 'Gift card with a drawing of a potter’s wheel' }],
  },
  {
    seller: 'maya',
    post: {
      title: 'Ramen bowl with chopstick rest',
      description: 'Deep ramen bowl with a matching chopstick rest, in a tenmoku glaze.',
      price: 48,
      shippingCost: 7,
      stock: 0,
      _tags: ['ceramics', 'kitchen'],
    },
    images: [{ motif: 'bowl', alt: 'Dark brown ramen bowl with chopsticks' }],
  },
  {
    seller: 'maya',
    post: {
      title: 'Seconds box: surprise mugs',
      description:
        'Three mugs with small glaze flaws, chosen by me. Perfectly usable, just not perfect.',
      price: 45,
      shippingCost: 9,
      stock: 0,
      _tags: ['ceramics', 'handmade'],
    },
    images: [{ motif: 'mug', alt: 'Three assorted mugs in a cardboard box' }],
  },
  {
    seller: 'maya',
    post: {
      title: 'Butter dish with lid (work in progress)',
      description: 'Testing a new butter dish design. Not for sale yet.',
      price: 42,
      shippingCost: 6.5,
      stock: 0,
      _tags: ['ceramics', 'kitchen'],
      status: 'draft',
    },
    images: [{ motif: 'plate', alt: 'Prototype butter dish, unglazed' }],
  },
  {
    seller: 'maya',
    post: {
      title: 'Porcelain pendant necklace',
      description: 'A small porcelain pendant with a gold lustre edge on a 45 cm cotton cord.',
      price: 28,
      shippingCost: 3,
      stock: 9,
      _tags: ['fashion', 'jewelry', 'handmade'],
    },
    images: [{ motif: 'vase', alt: 'White porcelain pendant with a gold edge' }],
  },
  {
    seller: 'maya',
    post: {
      title: 'Winter glaze collection preview',
      description: 'Photos of the winter collection before it goes live.',
      price: 0,
      shippingCost: 0,
      stock: 0,
      _tags: ['ceramics'],
      status: 'draft',
    },
    images: [{ motif: 'bowl', alt: 'Bowls in white and grey winter glazes' }],
  },
];

/** Leo's retro hardware: parts, peripherals, music gear. */
const LEO: DemoPost[] = [
  {
    seller: 'leo',
    post: {
      title: 'Sound Blaster 16 (CT2230), tested',
      description:
        'ISA Sound Blaster 16 with the Yamaha OPL3. Cleaned, tested in a 486 under DOS with Doom and Monkey Island. Original driver floppies included.',
      price: 85,
      shippingCost: 8,
      stock: 2,
      _tags: ['pc-hardware', 'vintage', 'music', 'retro-computing'],
    },
    images: [
      { motif: 'chip', alt: 'Sound Blaster 16 card on an anti-static bag' },
      { motif: 'chip', alt: 'Close-up of the OPL3 chip' },
      { motif: 'floppy', alt: 'The original driver floppies' },
    ],
  },
  {
    seller: 'leo',
    post: {
      title: 'Gravis UltraSound Classic',
      description:
        'The legendary GUS, 1 MB RAM upgrade fitted. Tested with Second Reality. No box.',
      price: 210,
      shippingCost: 8,
      stock: 0,
      _tags: ['pc-hardware', 'vintage', 'music'],
    },
    images: [{ motif: 'chip', alt: 'Orange Gravis UltraSound card' }],
  },
  {
    seller: 'leo',
    post: {
      title: '3dfx Voodoo2 12 MB',
      description:
        'Voodoo2 12 MB, fans and heatsinks added, tested with Quake II and Unreal. SLI cable available as an option.',
      price: 120,
      shippingCost: 8,
      stock: 3,
      _tags: ['pc-hardware', 'vintage', 'gaming'],
      variations: [
        {
          name: 'Bundle',
          options: [
            { name: 'Card only', stock: 3 },
            { name: 'With SLI cable', priceDelta: 15, stock: 1 },
          ],
        },
      ],
    },
    images: [
      { motif: 'chip', alt: 'Voodoo2 card with added heatsinks' },
      { motif: 'monitor', alt: 'Quake II running on a CRT through the card' },
    ],
  },
  {
    seller: 'leo',
    post: {
      title: 'IBM Model M keyboard (1989)',
      description:
        'Buckling-spring IBM Model M, deep cleaned, every key tested. Comes with a PS/2 to USB adapter.',
      price: 150,
      shippingCost: 15,
      stock: 1,
      _tags: ['pc-hardware', 'vintage', 'keyboards'],
    },
    images: [
      { motif: 'keyboard', alt: 'IBM Model M keyboard on a desk' },
      { motif: 'keyboard', alt: 'Label on the back: 1989, Greenock' },
    ],
  },
  {
    seller: 'leo',
    post: {
      title: 'Box of 50 new old stock 3.5" floppies',
      description: 'Sealed box of 50 high-density 3.5" floppy disks, new old stock.',
      price: 25,
      shippingCost: 5,
      stock: 7,
      _tags: ['vintage', 'retro-computing'],
    },
    images: [{ motif: 'floppy', alt: 'A sealed box of blue floppy disks' }],
  },
  {
    seller: 'leo',
    post: {
      title: 'Roland MT-32 MIDI module',
      description:
        'Roland MT-32 (old ROM), the sound of Sierra games. Tested with a modern USB MIDI interface. Power supply included.',
      price: 260,
      shippingCost: 12,
      stock: 1,
      _tags: ['music', 'vintage', 'retro-computing'],
    },
    images: [
      { motif: 'keyboard', alt: 'Roland MT-32 module with its display lit' },
      { motif: 'chip', alt: 'The back panel MIDI ports' },
    ],
  },
  {
    seller: 'leo',
    post: {
      title: '15" CRT monitor, Trinitron tube',
      description:
        'Sony 15" Trinitron CRT, sharp and bright, no burn-in. Local pickup recommended; it is heavy.',
      price: 90,
      shippingCost: 45,
      stock: 1,
      _tags: ['pc-hardware', 'vintage', 'gaming'],
    },
    images: [{ motif: 'monitor', alt: 'Beige CRT monitor showing a DOS prompt' }],
  },
  {
    seller: 'leo',
    post: {
      title: 'Pentium MMX 233 MHz CPU',
      description: 'Intel Pentium MMX 233, pulled from a working board. Pins straight.',
      price: 18,
      shippingCost: 4,
      stock: 6,
      _tags: ['pc-hardware', 'vintage'],
    },
    images: [{ motif: 'chip', alt: 'Pentium MMX processor, top side' }],
  },
  {
    seller: 'leo',
    post: {
      title: 'Retro build: 486 DX2-66 DOS machine',
      description:
        'Complete 486 DX2-66 in a desktop case: 16 MB RAM, Sound Blaster Pro, CF card as the hard disk with DOS 6.22 and Windows 3.11.',
      price: 420,
      shippingCost: 35,
      stock: 1,
      _tags: ['pc-hardware', 'retro-computing', 'gaming'],
    },
    images: [
      { motif: 'monitor', alt: 'The 486 desktop with its CRT' },
      { motif: 'chip', alt: 'Inside the case: the motherboard and cards' },
      { motif: 'floppy', alt: 'Windows 3.11 setup disks' },
    ],
  },
  {
    seller: 'leo',
    post: {
      title: 'Cassette walkman, serviced',
      description:
        'Portable cassette player with new belts and a cleaned head. Plays at true speed.',
      price: 75,
      shippingCost: 6,
      stock: 0,
      _tags: ['music', 'vintage'],
    },
    images: [{ motif: 'cassette', alt: 'Silver cassette walkman with headphones' }],
  },
  {
    seller: 'leo',
    post: {
      title: 'Mixtape bundle: 10 blank C90 cassettes',
      description: 'Ten chrome C90 blank cassettes, sealed. Make someone a mixtape.',
      price: 30,
      shippingCost: 5,
      stock: 12,
      _tags: ['music', 'vintage', 'gifts'],
    },
    images: [{ motif: 'cassette', alt: 'A stack of blank cassettes' }],
  },
  {
    seller: 'leo',
    post: {
      title: 'Vinyl: synth-pop compilation, 1984',
      description: 'Original 1984 pressing, VG+ sleeve, NM vinyl. Plays without crackle.',
      price: 22,
      shippingCost: 5,
      stock: 1,
      _tags: ['music', 'vinyl', 'vintage'],
    },
    images: [
      { motif: 'vinyl', alt: 'Record sleeve with neon artwork' },
      { motif: 'vinyl', alt: 'The record on a turntable' },
    ],
  },
  {
    seller: 'leo',
    post: {
      title: 'Mechanical keyboard, hand-wired 40%',
      description:
        'A hand-wired 40% keyboard with a walnut case and retro beige keycaps. QMK firmware, USB-C.',
      price: 180,
      shippingCost: 10,
      stock: 2,
      _tags: ['pc-hardware', 'keyboards', 'handmade'],
      variations: [
        {
          name: 'Switches',
          options: [
            { name: 'Linear', stock: 1 },
            { name: 'Tactile', stock: 1 },
          ],
        },
      ],
    },
    images: [
      { motif: 'keyboard', alt: 'Small keyboard in a walnut case' },
      { motif: 'keyboard', alt: 'The hand wiring underneath' },
    ],
  },
  {
    seller: 'leo',
    post: {
      title: 'Pixel art print: 8-bit city',
      description: 'Pixel art print of a city at night, 30 × 40 cm, on matte poster paper.',
      price: 20,
      shippingCost: 4,
      stock: 25,
      _tags: ['art', 'prints', 'gaming'],
    },
    images: [{ motif: 'print', alt: 'Pixel art of city lights at night' }],
  },
  {
    seller: 'leo',
    post: {
      title: 'Joystick, analog, gameport',
      description: 'A classic analog gameport joystick with two buttons. Calibrates fine.',
      price: 28,
      shippingCost: 6,
      stock: 3,
      _tags: ['pc-hardware', 'gaming', 'vintage'],
    },
    images: [{ motif: 'chip', alt: 'Black joystick with a red fire button' }],
  },
  {
    seller: 'leo',
    post: {
      title: 'Vintage band T-shirt, 1991 tour',
      description:
        'Single-stitch tour shirt, soft and faded in the right way. Size L, measured flat 56 cm.',
      price: 65,
      shippingCost: 5,
      stock: 1,
      _tags: ['fashion', 'vintage', 'music'],
    },
    images: [{ motif: 'textile', alt: 'Faded black tour T-shirt' }],
  },
  {
    seller: 'leo',
    post: {
      title: 'Amiga 500 (to be refurbished)',
      description: 'Listing draft: recapping the board first.',
      price: 250,
      shippingCost: 20,
      stock: 1,
      _tags: ['retro-computing', 'vintage'],
      status: 'draft',
    },
    images: [{ motif: 'keyboard', alt: 'Amiga 500 with a yellowed case' }],
  },
  {
    seller: 'leo',
    post: {
      title: 'SCSI cable and terminator kit',
      description: 'Internal 50-pin SCSI ribbon cable with an active terminator.',
      price: 15,
      shippingCost: 4,
      stock: 0,
      _tags: ['pc-hardware', 'retro-computing'],
    },
    images: [{ motif: 'chip', alt: 'Grey ribbon cable coiled next to a terminator' }],
  },
];

/** Every demo post, in the order they are created (newest last). */
export const DEMO_POSTS: DemoPost[] = [...MAYA, ...LEO];
