import type { DemoPost } from './posts';

/** A one-group variation named Size: option name → price change. */
const size = (prices: [string, number][]) => [
  { name: 'Size', options: prices.map(([name, priceDelta]) => ({ name, priceDelta })) },
];

/** Maya's studio: ceramics, prints and textiles. */
export const MAYA: DemoPost[] = [
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
