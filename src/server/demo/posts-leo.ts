import type { DemoPost } from './posts';

/** Leo's retro hardware: parts, peripherals, music gear. */
export const LEO: DemoPost[] = [
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
