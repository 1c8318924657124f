// The guide at /how-to-sell-used-pc-hardware-online: its text (one section per step, each an
// anchor of the table of contents and a HowTo step of the JSON-LD) and its dates.

export const GUIDE = {
  path: '/how-to-sell-used-pc-hardware-online',
  headline: 'How to sell used PC hardware online',
  description:
    'A practical guide to testing, wiping, photographing, pricing, describing, packing and shipping used graphics cards, CPUs, RAM and drives — and avoiding the usual scams.',
  datePublished: '2026-11-24',
  dateModified: '2026-11-24',
  /** Minutes to read, for the byline and the HowTo's total time is the work itself. */
  readingMinutes: 9,
} as const;

export interface GuideSection {
  id: string;
  title: string;
  /** One sentence: the step as a HowTo step's name and the section's lead. */
  summary: string;
  paragraphs: readonly string[];
  points: readonly string[];
}

export const GUIDE_SECTIONS: readonly GuideSection[] = [
  {
    id: 'test',
    title: 'Test it before you list it',
    summary: 'Prove the part works, so you can say so and stand behind it.',
    paragraphs: [
      'Buyers of used hardware worry about one thing: does it work? Run the part in a working system before you take a single photo, and write down what you saw.',
    ],
    points: [
      'Graphics cards: a 20–30 minute stress test or a demanding game loop. Watch temperatures, clocks and fan noise; look for artefacts, crashes and coil whine.',
      'CPUs: an hour of a stress test plus a memory-heavy benchmark. Note the maximum temperature with the cooler you used.',
      'RAM: a full pass of a memory tester per module, then all modules together at their rated speed (XMP/EXPO).',
      'Drives: read the SMART health data — reallocated sectors, power-on hours and, for SSDs, the percentage of life used.',
      'Power supplies: test under load; never sell one that smells burnt or clicks.',
    ],
  },
  {
    id: 'wipe',
    title: 'Wipe drives properly',
    summary: 'Erase every storage device securely before it leaves your hands.',
    paragraphs: [
      'Deleting files or a quick format leaves your data recoverable with free tools. Your photos, passwords and tax documents should not be part of the sale.',
    ],
    points: [
      'SSDs and NVMe drives: use the drive’s own Secure Erase or Sanitize command, from the manufacturer’s toolbox or the motherboard firmware.',
      'Hard drives: overwrite the whole disk once with a disk-wiping tool.',
      'Sign out of and deauthorise any software licences tied to the hardware, and remove the drive from any encryption or backup service.',
      'Reset motherboards, routers and NAS units to factory settings and clear saved passwords.',
    ],
  },
  {
    id: 'photos',
    title: 'Photograph it honestly',
    summary: 'Show the actual item, every side, in good light.',
    paragraphs: [
      'Photos sell hardware. Stock images make buyers suspicious; clear photos of your own item make them comfortable paying.',
    ],
    points: [
      'Daylight or two lamps, a plain background, no filters.',
      'Every side, the connectors and pins (close up for CPUs — bent pins are the first thing buyers check), and the label with the model and serial number.',
      'Any scratch, dent or missing screw, up close. Surprises lead to disputes; disclosed flaws do not.',
      'A photo or screenshot of it working: the GPU in a running system, the benchmark result, the SMART report.',
      'Everything included in the sale in one shot: box, cables, brackets, manuals.',
    ],
  },
  {
    id: 'price',
    title: 'Price it from sold listings',
    summary: 'Set the price from what the same model actually sold for recently.',
    paragraphs: [
      'Asking prices tell you what people hope to get; sold prices tell you what buyers pay. Search completed sales of the exact model and variant from the last few weeks, and ignore the outliers at both ends.',
    ],
    points: [
      'The original box, receipt and remaining warranty add value — say whether the warranty transfers.',
      'Prices of used parts fall when a new generation launches; sell before, not after, if you can.',
      'Decide the shipping cost before you post: weigh and measure the packed box and check the carrier’s price with insurance.',
      'Bundles (CPU, motherboard and RAM together) sell faster to people building a whole system; single parts reach more buyers. Options on one post let you offer both.',
    ],
  },
  {
    id: 'describe',
    title: 'Describe its condition clearly',
    summary: 'Write a title and description that answer the buyer’s questions.',
    paragraphs: [
      'A good title is brand, exact model and the key spec: “RTX 3070 8 GB Founders Edition” or “2×16 GB DDR4-3600 CL16 kit”. The description does the rest.',
    ],
    points: [
      'How old it is and how it was used: gaming, office, mining, overclocked or not.',
      'What you tested and the results, including temperatures.',
      'Every fault and every replaced part (fans, thermal pads, paste).',
      'Exactly what is included, and what is not.',
      'Why you are selling — “upgraded to …” reassures buyers.',
      'Add tags for the part type and brand, plus pc-hardware, so buyers find it in the marketplace.',
    ],
  },
  {
    id: 'pack',
    title: 'Pack GPUs, CPUs and RAM safely',
    summary: 'Protect the part from static, shocks and crushing.',
    paragraphs: [
      'Most damage happens in transit, and most of it is avoidable. Pack as if the box will be dropped — it will be.',
    ],
    points: [
      'Every bare component goes in an anti-static bag first. Never wrap electronics directly in plastic bubble wrap.',
      'Graphics cards: cover the PCIe contacts, fill the space around the card so it cannot move, and use a double box for large cards.',
      'CPUs: in their original clamshell or a CPU tray — loose CPUs bend pins. For socket-pin boards, leave the socket cover on the motherboard.',
      'RAM: the original blister or a clamshell, not loose in a bag.',
      'At least 5 cm of padding on every side in a sturdy box; shake it — nothing should move.',
      'Remove liquid coolers from the GPU or CPU unless they were sold fitted, and never ship a custom loop with liquid in it.',
    ],
  },
  {
    id: 'ship',
    title: 'Ship with tracking and insurance',
    summary: 'Send it tracked and insured, and share the tracking number.',
    paragraphs: [
      'A tracked, insured shipment protects you and the buyer. Keep the receipt until the buyer has the item.',
    ],
    points: [
      'Insure for the full sale price; check whether your carrier requires a signature above a certain value.',
      'Ship within the time you promised — here, orders not marked shipped in time are cancelled and refunded automatically.',
      'Add the carrier and tracking number to the sale as soon as you ship: the buyer is told, and you are paid out once it is marked shipped.',
      'Photograph the packed box with the label on it before you hand it over.',
    ],
  },
  {
    id: 'scams',
    title: 'Avoid the usual scams',
    summary: 'Recognise the tricks aimed at hardware sellers.',
    paragraphs: [
      'Expensive, easily resold parts attract scammers. Almost every scam needs you to leave the normal way of paying or shipping.',
    ],
    points: [
      'Never accept payment outside the checkout, “friends and family” transfers or cheques for more than the price with a request to refund the difference.',
      'Never ship before the order shows as paid, or to an address other than the one on the order.',
      'Ignore messages asking you to click a link to “receive your payment” or to confirm your account: payments show up in your sales, not in a message.',
      'Record the serial number in your photos: it settles disputes about a returned card being a different, broken one.',
    ],
  },
  {
    id: 'here',
    title: 'How to sell it here',
    summary: 'Turn your page into the place your hardware sells from.',
    paragraphs: [
      'Create your free page, then post each part with the photos and description above. Set the price and the shipping cost; add options if you sell a bundle or variants. Share the post’s link wherever your audience is — forums, Discord, social media — and answer questions quickly in Messages. When it sells you get an email: pack it, ship it, add the tracking number, and your share is paid out.',
    ],
    points: [],
  },
];
