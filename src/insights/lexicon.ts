/**
 * The domain lexicon, kept as data: which words and phrases signal each aspect of a home-services
 * job, and which carry sentiment in this domain. Matching is on wink-nlp lemmas or lower-case surface
 * forms, so "arrived", "arrives" and "arriving" are one cue. Multi-word entries match consecutive
 * tokens; in a phrase, `<num>` matches any number and `*` one to three words of any kind.
 * Idioms and fixed expressions (phrases.ts) are matched before single words and keep their own sense.
 */

export const ASPECTS = [
  { id: 'punctuality', label: 'Punctuality' },
  { id: 'price', label: 'Price and value' },
  { id: 'professionalism', label: 'Professionalism and courtesy' },
  { id: 'quality', label: 'Quality of work' },
  { id: 'communication', label: 'Communication' },
  { id: 'cleanliness', label: 'Cleanliness' },
  { id: 'speed', label: 'Speed and availability' },
] as const

export type AspectId = (typeof ASPECTS)[number]['id']

/**
 * Words that mention an aspect. Most need a sentiment in the same part of the clause to count
 * ("called on Monday" is no opinion about communication); EXPLICIT_CUES name the aspect itself and
 * count as a neutral mention even without one ("the price was $450").
 */
export const ASPECT_CUES: Record<AspectId, string[]> = {
  punctuality: [
    'on time', 'ontime', 'punctual', 'punctually', 'punctuality', 'late', 'early', 'arrival', 'arrival window', 'appointment window', 'window',
    'show up', 'showed up', 'turn up', 'no-show', 'no show', 'tardy', 'right on time', 'when promise', 'miss the appointment',
    'agreed time', 'agreed day', 'scheduled time', 'on schedule', 'as scheduled', 'running behind', 'come to the appointment', 'stand up',
    'stood up', 'when they say they would', 'cancel', 'cancelled', 'postpone', 'postponed',
  ],
  price: [
    'price', 'pricing', 'priced', 'cost', 'costly', 'expensive', 'inexpensive', 'cheap', 'cheaper', 'cheapest', 'affordable', 'overpriced', 'overcharge',
    'charge', 'bill', 'billing', 'quote', 'quoted', 'estimate', 'value', 'money', 'fee', 'rate', 'pricey', 'rip-off', 'ripoff', 'rip off', 'invoice', 'dollar',
    '$', 'waive', 'shakedown', 'offer', 'competitive', 'budget', 'labor', 'labour', 'pay', 'paid', 'spend', 'fortune', 'penny', 'cent', 'bank', 'upcharge', 'surcharge', 'diagnostic fee',
    'price-performance', 'performance ratio', 'cost estimate', 'for free', 'no charge', 'worth it', 'worth every', 'bargain', 'steep', 'reasonable',
    'underpriced', 'gouge', 'gouging', 'highway robbery', 'arm and a leg', 'take we to the cleaners', 'take us to the cleaners', 'markup',
  ],
  professionalism: [
    'professional', 'professionalism', 'unprofessional', 'courteous', 'courtesy', 'polite', 'impolite', 'rude', 'rudely', 'friendly', 'unfriendly',
    'respectful', 'disrespectful', 'respect', 'attitude', 'manner', 'manners', 'kind', 'nice', 'patient', 'impatient', 'condescending', 'arrogant',
    'considerate', 'annoyed', 'helpful', 'unhelpful', 'honest', 'dishonest', 'honesty', 'class act',
    'knowledgeable', 'competent', 'incompetent', 'pleasant', 'personable', 'caring', 'courteous', 'yell', 'talk down', 'say goodbye', 'trustworthy', 'integrity', 'employee', 'staff', 'grumpy', 'sweet', 'lovely', 'genuine', 'upfront', 'up front', 'made me feel', 'make me feel', 'lie', 'lied', 'scam', 'scammer', 'polite', 'warm', 'respectfully', 'chip on his shoulder', 'dismissive', 'attentive',
    'sales pitch', 'blame', 'badmouth', 'curt', 'know his stuff', 'know her stuff', 'know their stuff', 'expert', 'cowboy', 'sweetheart', 'defensive', 'apologize', 'apology', 'pressured',
  ],
  quality: [
    'workmanship', 'quality', 'sloppy', 'thorough', 'craftsmanship', 'done right', 'fix it right', 'poorly', 'flawless', 'flawlessly', 'solid work',
    'hold up', 'work great', 'work perfectly', 'work fine', 'work well', 'run great', 'run fine', 'run perfectly', 'run well', 'work again',
    'fall apart', 'band-aid', 'band aid', 'botch', 'botched', 'shoddy', 'amateur', 'redo', 'come back', 'be back', 'solve', 'resolve',
    'fail', 'break', 'broken', 'quit', 'die', 'stop work', 'not work', 'leak again', 'good as new', 'like new', 'function', 'install',
    'installation', 'result', 'nail it', 'nailed it', 'perfect job', 'first try', 'first time', 'diagnose', 'diagnosis', 'detail', 'meticulous',
    'careful', 'carefully', 'expertly', 'redone', 'spray', 'gush', 'bone dry', 'trip', 'burst', 'flood', 'overflow', 'half-baked', 'competently', 'cleanly', 'neatly', 'spark', 'sparked', 'crack', 'cracked', 'precise', 'stain', 'stained',
  ],
  communication: [
    'communication', 'communicate', 'communicative', 'explain', 'explanation', 'call back', 'callback', 'call-back', 'update', 'text', 'email', 'answer',
    'inform', 'informed', 'responsive', 'unresponsive', 'return call', 'return my call', 'keep we inform', 'keep us inform', 'confirm',
    'voicemail', 'voice mail', 'follow up', 'follow-up', 'reply', 'respond', 'call i back', 'call me back', 'phone', 'telephone', 'dispatch',
    'dispatcher', 'office', 'reachable', 'reach', 'get back to', 'in the loop', 'walk i through', 'walk me through', 'walk us through', 'show me',
    'show i', 'picture', 'let we know', 'let us know', 'let me know', 'tell', 'told', 'answering machine',
    'hold', 'receptionist', 'heads up', 'heads-up', 'notify', 'recall', 'confusion', 'runaround', 'feedback', 'paperwork', 'confirmation', 'disconnected', 'transparent',
  ],
  cleanliness: [
    'clean', 'cleanliness', 'mess', 'messy', 'tidy', 'untidy', 'spotless', 'debris', 'dirt', 'dirty', 'mud', 'muddy', 'shoe cover', 'shoe covers',
    'drop cloth', 'drop cloths', 'clean up', 'cleaned up', 'sawdust', 'dust', 'trash', 'vacuum', 'footprint', 'speck', 'insulation',
    'filth', 'filthy', 'sweep', 'wipe', 'garbage', 'booties', 'handprint', 'greasy', 'smudge', 'wrapper', 'wrappers', 'scraps', 'shavings', 'soda can', 'beer can', 'coffee cup', 'cover', 'tarp', 'clean up after', 'after themselves', 'after them self',
  ],
  speed: [
    'quick', 'quickly', 'fast', 'slow', 'slowly', 'prompt', 'promptly', 'same-day', 'same day', 'same morning', 'wait', 'waiting',
    'within hour', 'within the hour', 'right away', 'immediately', 'emergency', 'availability', 'available', 'schedule', 'drag on', 'take forever',
    'efficient', 'inefficient', 'speedy', 'slowest', 'lickety-split', 'asap', 'long time', 'response', 'turnaround', 'urgency', 'in no time', 'no time', 'ages', 'forever',
    'swift', 'swiftly', 'rapid', 'rapidly',
    'in <num> hours', 'within <num> hours', 'within an hour',
    'in half an hour', 'drop of a hat', 'appointment quickly', 'for an appointment', 'for appointment', 'time frame',
  ],
}

/** Cues that name the aspect itself: a mention counts even when neutral. */
export const EXPLICIT_CUES = new Set([
  'price', 'pricing', 'cost', 'explanation', 'punctuality', 'professionalism', 'workmanship', 'quality', 'craftsmanship', 'communication', 'cleanliness', 'availability',
])

/**
 * Cues too general to stand against a specific one: "job" names the quality aspect in "great job!",
 * but not in "finished the job quickly", which is about speed. A weak cue counts only in a part of a
 * clause with a sentiment of its own and no specific cue.
 */
export const WEAK_CUES: Partial<Record<AspectId, string[]>> = {
  quality: ['since', 'pressure', 'work', 'job', 'repair', 'fix', 'fixed', 'install', 'replacement', 'result', 'furnace', 'heater', 'system', 'unit', 'pump'],
  speed: ['next day', 'next morning', 'week', 'weeks', 'hour', 'hours', 'day', 'days', 'month', 'months', 'minute', 'minutes'],
  professionalism: ['upsell', 'upsold', 'upselling', 'guy', 'tech', 'technician', 'plumber', 'electrician', 'crew', 'people', 'man', 'woman', 'person', 'installer', 'fitter', 'employee', 'staff'],
}

/** Sentiment of words and phrases in this domain, from -1 to 1. */
export const SENTIMENT: Record<string, number> = {
  // General
  great: 1, excellent: 1, amazing: 1, awesome: 1, fantastic: 1, outstanding: 1, wonderful: 1, perfect: 1, perfectly: 1, superb: 1, best: 1,
  beautiful: 0.9, beautifully: 0.9, good: 0.7, nice: 0.6, fine: 0.3, solid: 0.6, happy: 0.8, pleased: 0.8, satisfied: 0.7, satisfy: 0.7, recommend: 0.8, love: 0.9, impressed: 0.8,
  impress: 0.8, 'top notch': 1, 'top-notch': 1, exceptional: 1, honest: 0.8, trustworthy: 0.8, appreciate: 0.6, thank: 0.5, easy: 0.5,
  flawless: 1, flawlessly: 1, brilliant: 1, stellar: 1, incredible: 0.9, phenomenal: 1, terrific: 1, super: 0.7, glad: 0.6,   smoothly: 0.7, smooth: 0.6, seamless: 0.8, correctly: 0.6, properly: 0.6, proper: 0.5, right: 0.3, well: 0.4,
  bad: -0.7, terrible: -1, awful: -1, horrible: -1, worst: -1, poor: -0.8, poorly: -0.8, disappointing: -0.8, disappointed: -0.8, unhappy: -0.8,
  avoid: -0.9, complaint: -0.6, complain: -0.6, mistake: -0.6, waste: -0.8, frustrating: -0.8, frustrated: -0.8, useless: -0.9, incompetent: -1,
  scam: -1, 'rip-off': -1, ripoff: -1, 'rip off': -1, unacceptable: -1, shoddy: -0.9, joke: -0.7, nightmare: -0.9, pathetic: -1, ridiculous: -0.8,
  disaster: -0.9, worse: -0.7, insane: -0.7, crazy: -0.6, outrageous: -0.9, absurd: -0.8, impossible: -0.7, downside: -0.6, shame: -0.5,
  explanation: 0.5, confirmation: 0.4, sweetheart: 0.8, 'heads-up': 0.5, sting: -0.5, stung: -0.5, shakedown: -0.9, redone: -0.7, expertly: 0.8, garbage: -0.6, recall: 0.3, confusion: -0.5, 'lickety-split': 0.8, 'half-baked': -0.8, runaround: -0.8, slowest: -0.8, spark: -0.7, sparked: -0.7, competitive: 0.7, 'done right': 0.8, 'do right': 0.8, stain: -0.6, stained: -0.6, 'bang-up': 1, postpone: -0.6, postponed: -0.6, okay: 0.3, ok: 0.3, crack: -0.7, cracked: -0.7, cowboy: -0.8, hopeless: -0.8, precise: 0.7, feedback: 0.4,
  'follow up': 0.4, 'follow-up': 0.4, cancel: -0.6, cancelled: -0.6, defensive: -0.6, unfortunately: -0.4, sadly: -0.4, handprint: -0.6, greasy: -0.6, smudge: -0.5, surcharge: -0.6, disconnected: -0.7, transparent: 0.6,
  satisfaction: 0.7, reliable: 0.8, apologize: 0.5, apology: 0.5, neatly: 0.6, waive: 0.8, pressure: -0.6, pressured: -0.6, 'not worth': -0.8, regret: -0.8, lousy: -0.8, mediocre: -0.5, lazy: -0.8, careless: -0.8, wrong: -0.6,
  // Punctuality
  'on time': 0.9, ontime: 0.9, punctual: 0.9, punctually: 0.9, early: 0.6, late: -0.8, tardy: -0.8, 'no-show': -1, 'no show': -1,
  'miss the appointment': -0.9, 'when promise': 0.7, 'right on time': 1, 'show up late': -0.9, 'show up': 0.3, 'turn up': 0.3,
  'as scheduled': 0.7, 'on schedule': 0.6, 'agreed time': 0.3, 'running behind': -0.3, 'stand up': -0.8, 'stood up': -0.8,
  // Price
  fair: 0.7, reasonable: 0.7, reasonably: 0.6, affordable: 0.8, cheap: 0.4, cheaper: 0.7, cheapest: 0.7, inexpensive: 0.6, 'great value': 1, 'good value': 0.9,
  upfront: 0.6, 'up front': 0.6, bargain: 0.8, expensive: -0.7, overpriced: -0.9, pricey: -0.6, costly: -0.6, overcharge: -0.9, 'too high': -0.8,
  'way too high': -0.9, high: -0.3, higher: -0.5, 'for free': 0.8, free: 0.5, steep: -0.6, shocked: -0.6, shock: -0.6, fortune: -0.7, gouge: -1,
  gouging: -1, markup: -0.5, upcharge: -0.6, 'hidden fee': -0.7, 'hidden charge': -0.7, surprise: -0.4, 'worth it': 0.8,
  // Professionalism
  professional: 0.8, courteous: 0.9, polite: 0.8, friendly: 0.8, respectful: 0.8, respect: 0.6, patient: 0.6, kind: 0.6, helpful: 0.7,
  considerate: 0.7, knowledgeable: 0.8, competent: 0.8, pleasant: 0.7, personable: 0.7, caring: 0.7, lovely: 0.7, sweet: 0.6,
  rude: -0.9, rudely: -0.9, unprofessional: -0.9, unfriendly: -0.8, condescending: -0.9, arrogant: -0.8, annoyed: -0.6, disrespectful: -0.9,
  impatient: -0.6, impolite: -0.8, dismissive: -0.7, grumpy: -0.6, dishonest: -0.9, lie: -0.8,
  upsell: -0.6, upsold: -0.6, upselling: -0.6, 'sales pitch': -0.5, blame: -0.5, badmouth: -0.6, curt: -0.6, yell: -0.8, 'talk down': -0.8, attentive: 0.7, genuine: 0.6, expert: 0.7, integrity: 0.7, unhelpful: -0.7,
  // Quality
  thorough: 0.8, sloppy: -0.9, 'fix it right': 0.9, 'right the first time': 0.9, 'hold up': 0.6, 'work great': 0.9, 'work perfectly': 1,
  'work well': 0.8, 'work fine': 0.7, 'run great': 0.9, 'run fine': 0.7, 'run well': 0.8, 'run perfectly': 1, 'work again': 0.6, 'work now': 0.6,
  fail: -0.8, broken: -0.7, break: -0.6, 'leak again': -0.8, 'poor quality': -0.9, 'be back': -0.6, 'do poorly': -0.8, 'hire someone else': -0.7,
  fix: 0.5, fixed: 0.5, solve: 0.6, resolve: 0.6, meticulous: 0.9, careful: 0.6, carefully: 0.6, botch: -0.9, botched: -0.9, amateur: -0.7,
  trip: -0.7, burst: -0.7, flood: -0.6, overflow: -0.6, spray: -0.6, gush: -0.7, quit: -0.7, die: -0.7, 'stop work': -0.8, 'not work': -0.8, competently: 0.8, 'fall apart': -0.9,
  // Communication
  clearly: 0.6, clear: 0.5, responsive: 0.7, unresponsive: -0.8, 'keep us update': 0.7, 'keep we update': 0.7, 'keep we inform': 0.7,
  'keep us inform': 0.7, 'answer all': 0.7, 'explain everything': 0.8, 'call back': 0.5, 'call i back': 0.5, 'call me back': 0.5,
  callback: 0.4, 'call-back': 0.4, explain: 0.5, update: 0.5, confirm: 0.5, informed: 0.5, 'get back to': 0.5, answer: 0.4, reachable: 0.5,
  reply: 0.4, respond: 0.4, 'walk me through': 0.7, 'walk us through': 0.7, 'walk i through': 0.7, 'in the loop': 0.7,
  'let us know': 0.4, 'let we know': 0.4, 'let me know': 0.4, communicative: 0.7, 'heads up': 0.5, notify: 0.4,
  'pick up the phone': 0.6, 'rings and rings': -0.7, 'ring and ring': -0.7, 'answering machine': -0.4,
  'return my call': 0.5, 'return call': 0.5, 'return our call': 0.5, 'show me picture': 0.6, 'show me pictures': 0.6,
  // Cleanliness
  clean: 0.7, cleanly: 0.7, spotless: 1, tidy: 0.8, untidy: -0.8, neat: 0.7, mess: -0.8, messy: -0.8, dirty: -0.8, debris: -0.6, 'clean up': 0.6,
  'shoe cover': 0.5, 'drop cloth': 0.5, dust: -0.4, muddy: -0.7, mud: -0.5, footprint: -0.6, filthy: -0.9, vacuum: 0.5,
  wrapper: -0.6, wrappers: -0.6, scraps: -0.6, shavings: -0.6, 'soda can': -0.6, 'beer can': -0.7, 'coffee cup': -0.5,
  sweep: 0.4, wipe: 0.4, booties: 0.5, trash: -0.4, insulation: -0.2, 'put down': 0.3,
  // Speed
  quick: 0.7, quickly: 0.7, fast: 0.7, prompt: 0.7, promptly: 0.7, 'same-day': 0.8, 'same day': 0.8, 'right away': 0.8,
  immediately: 0.7, efficient: 0.7, speedy: 0.7, swift: 0.7, swiftly: 0.7, slow: -0.7, slowly: -0.6, 'drag on': -0.8, 'take forever': -0.9,
  rapid: 0.7, rapidly: 0.7, forever: -0.6, ages: -0.6, wait: -0.4, waiting: -0.4, 'within hour': 0.7, 'within the hour': 0.8,
  'within an hour': 0.8, 'less than an hour': 0.6, 'in no time': 0.8, 'no time': 0.6, turnaround: 0.2, urgency: 0.4, 'next day': 0.5, 'next morning': 0.6, send: 0.3, match: 0.4, 'in <num> hours': 0.3, 'within <num> hours': 0.6, 'in half an hour': 0.8,
   'drop of a hat': 0.8,
  }

/** Words that scale the next sentiment word (VADER's booster and dampener idea; our own factors). */
export const INTENSIFIERS: Record<string, number> = {
  very: 1.4, really: 1.3, realy: 1.3, extremely: 1.6, super: 1.4, so: 1.2, incredibly: 1.6, absolutely: 1.5, totally: 1.4, way: 1.3, truly: 1.3,
  highly: 1.4, completely: 1.4, utterly: 1.5, exceptionally: 1.5, most: 1.2, too: 1.2, 'way too': 1.5, ridiculously: 1.6, insanely: 1.5,
  slightly: 0.5, somewhat: 0.6, 'a bit': 0.6, 'a little': 0.6, bit: 0.6, kinda: 0.6, fairly: 0.7, pretty: 0.9, rather: 0.8, quite: 1.1,
}

/** Words that start a new clause: sentiment on either side is judged apart. */
export const CONTRAST_WORDS = ['but', 'however', 'although', 'though', 'yet', 'except', 'whereas', 'while', 'otherwise', 'unfortunately', 'sadly', 'nevertheless']
/** Contrast words that start a clause only at its start ("Unfortunately, ..."), not in its middle ("the costs were unfortunately high"). */
export const LEADING_CONTRAST_WORDS = ['unfortunately', 'sadly', 'otherwise', 'however']

/** Contrast words whose clause runs up to the next comma ("Although X, Y"). */
export const SUBORDINATING = ['although', 'though', 'while', 'whereas', 'unlike', 'despite']

/** Words that negate what follows within a short window (VADER's negation list, trimmed to this domain). */
export const NEGATORS = [
  'not', "n't", 'no', 'never', 'nobody', 'nothing', 'without', 'hardly', 'barely', 'nor', 'none', 'zero', 'neither', 'noone', 'nt', 'w/o', 'cannot',
  'lack', 'nowhere', 'rarely', 'seldom', 'neither',
]

/**
 * Nouns of trouble. Alone they describe the job that needed doing ("we had a leak"), which is no
 * opinion; denied ("no leaks since", "zero issues", "never had a problem") they are praise of the work.
 */
export const TROUBLE_NOUNS = [
  'issue', 'problem', 'complaint', 'leak', 'drip', 'damage', 'trouble', 'hassle', 'headache', 'fuss', 'nonsense', 'surprise', 'clog', 'backup',
  'glitch', 'hiccup', 'worry',
]

/**
 * Failures that are complaints only when they came after the job ("broke again", "stopped working a week
 * later", "the outlet they installed doesn't work"); alone they tell what needed fixing ("our water heater
 * died on a Sunday night"). AFTERMATH_MARKERS are the words that place a failure after the job.
 */
export const FAILURES = ['back up', 'trip', 'burst', 'flood', 'overflow', 'spray', 'gush', 'fail', 'break', 'broken', 'quit', 'die', 'stop work', 'stop working', 'come back', 'be back', 'do not work', 'do not even work', 'not work', 'be leak', 'be leaking', 'be drip', 'be dripping', 'spark', 'sparked', 'crack', 'cracked',
  // Noises: what the customer heard before calling, unless placed after the job ("a banging noise since the install").
  'lose pressure', 'lost pressure', 'blow warm air', 'blow hot air', 'blow cold air', 'strange noise', 'grinding noise', 'banging noise', 'rattling noise', 'buzzing noise', 'make a noise']
/**
 * Of the aftermath markers, words of the job itself place a failure after the job only when they come
 * before it ("the new faucet drips", "fixed it and it broke again"); after it they tell the cure ("our sump
 * pump failed and they had a new one in", "kept backing up until Raj fixed it"). "after" is the reverse:
 * "leaked after they left" is aftermath, "after a burst pipe flooded the laundry" is the situation.
 */
export const JOB_MARKERS = ['new', 'install', 'installed', 'repair', 'fix', 'fixed', 'replace', 'replaced', 'put', 'redo', 'part', 'now']
export const AFTERMATH_MARKERS = [
  'again', 'still', 'after', 'since', 'later', 'within', 'already', 'anymore', 'new', 'install', 'installed', 'repair', 'fix', 'fixed', 'replace', 'replaced',
  'put', 'redo', 'part', 'next', 'now',
]

/** Words a negation window looks past ("never once had to wait", "not even a speck"). */
export const NEGATION_FILLERS = ['once', 'even', 'ever', 'really', 'actually', 'have', 'had', 'to', 'be', 'been', 'get', 'got', 'a', 'an', 'the', 'any', 'single', 'one', 'that', 'too', 'very', 'so', 'at', 'all']

/**
 * Mentions of other companies: an opinion in their scope is about the competitor, not this business
 * ("the last plumber never showed up"). A modifier, then up to two words, then a head noun.
 */
export const COMPETITOR_MODIFIERS = [
  'other', 'another', 'previous', 'last', 'old', 'former', 'first', 'different', 'competitor', 'competing', 'two', 'three', 'several', 'many', 'few', 'few other',
  // "a lot of rude contractors", "most plumbers": tradesmen in general, not this business.
  'lot', 'lots', 'plenty', 'bunch', 'most', 'dozens', 'countless', 'numerous', 'various',
  // "the kitchen reno contractor", "the builder's plumber": someone hired for another job.
  'chain', 'franchise', 'national',
  'reno', 'renovation', 'remodel', 'remodeling', 'remodelling', 'kitchen', 'roofing', 'flooring', 'pool', 'cable', 'warranty', 'builder', "builder's",
]
export const COMPETITOR_HEADS = [
  'company', 'companies', 'plumber', 'plumbers', 'electrician', 'electricians', 'contractor', 'contractors', 'outfit', 'outfits', 'place', 'places',
  'business', 'businesses', 'hvac', 'technician', 'technicians', 'guy', 'guys', 'owner', 'owners', 'homeowner', 'handyman', 'handymen', 'roofer', 'roofers', 'tradesman', 'tradesmen', 'landlord', 'builder', 'installer', 'installers', 'quote', 'quotes', 'bid', 'bids', 'service', 'services', 'firm', 'firms', 'one', 'ones',
]
/** Comparative words: before "than"/"what" they judge this business against the competitor ("cheaper than the other quotes"). */
export const COMPARATIVES = [
  'cheaper', 'better', 'faster', 'quicker', 'nicer', 'cleaner', 'more', 'less', 'higher', 'twice', 'double', 'half', 'worse', 'slower', 'pricier',
]

/** Common misspellings in reviews, mapped to the word the lexicon knows. */
export const TYPOS: Record<string, string> = {
  profesional: 'professional', proffesional: 'professional', professionel: 'professional', freindly: 'friendly', frendly: 'friendly',
  knowledgable: 'knowledgeable', knowlegable: 'knowledgeable', knowlegeable: 'knowledgeable', recieved: 'received', recieve: 'receive',
  realy: 'really', resonable: 'reasonable', reasonible: 'reasonable', reccomend: 'recommend', recomend: 'recommend', reccommend: 'recommend',
  definately: 'definitely', offce: 'office', ofice: 'office', rite: 'right', curteous: 'courteous', courtious: 'courteous', punctal: 'punctual',
  expensiv: 'expensive', excelent: 'excellent', excellant: 'excellent', awsome: 'awesome', greatful: 'grateful', quik: 'quick', responsve: 'responsive',
  themself: 'themselves', communicaton: 'communication', comunication: 'communication', prompty: 'promptly', thier: 'their',
  returnd: 'returned', calld: 'called', fixt: 'fixed', forver: 'forever', grate: 'great', apolagy: 'apology', nite: 'night', msgs: 'messages', appt: 'appointment', appology: 'apology', leakin: 'leaking', answerd: 'answered', apointment: 'appointment', appointmnet: 'appointment', diagnosted: 'diagnosed', estimat: 'estimate', anwser: 'answer', awnser: 'answer',
}

/** Stop words left out of topic phrases, per language (only English is analysed today). */
export const TOPIC_STOPWORDS: Record<string, Set<string>> = {
  en: new Set([
    'the', 'a', 'an', 'and', 'or', 'to', 'of', 'in', 'on', 'for', 'with', 'was', 'were', 'is', 'be', 'it', 'they', 'we', 'our', 'my', 'i', 'he',
    'she', 'this', 'that', 'them', 'us', 'me', 'their', 'his', 'her', 'at', 'by', 'from', 'up', 'out', 'as', 'so', 'very', 'had', 'have', 'has',
    'do', 'did', 'get', 'got', 'will', 'would', 'just', 'all', 'also', 'there', 'here', 'what', 'when', 'who', 'which', 'again', 'even', 'one',
    'time', 'company', 'service', 'thank', 'thanks', 'highly', 'recommend', 'definitely', 'use', 'call', 'come', 'job', 'work', 'thing', 'things',
    'lot', 'way', 'day', 'days', 'week', 'weeks', 'hour', 'hours', 'minute', 'minutes', 'month', 'months', 'year', 'years', 'guy', 'guys', 'man',
    'people', 'person', 'tech', 'technician', 'team', 'crew', 'everything', 'anything', 'something', 'nothing', 'someone', 'everyone', 'star',
    'stars', 'review', 'experience', 'customer', 'home', 'house', 'place', 'today', 'yesterday', 'morning', 'afternoon', 'evening', 'night',
    'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'first', 'next', 'last', 'other', 'another', 'same', 'new',
    'old', 'whole', 'second', 'third', 'few', 'more', 'less', 'much', 'many', 'great', 'good', 'bad', 'best', 'problem', 'issue', 'part', 'parts', 'business', 'visit',
    'wife', 'husband', 'kid', 'kids', 'mom', 'dad', 'mother', 'father', 'neighbor', 'neighbour', 'appointment', 'question', 'questions', 'option',
    'options', 'money', 'price', 'cost', 'quote', 'bill', 'fee', 'office', 'phone', 'mess', 'repair', 'fix', 'install', 'installation', 'system',
    'unit', 'contractor', 'plumber', 'electrician', 'professional', 'sure', 'able', 'glad', 'happy', 'nice', 'quick', 'fast', 'fair', 'friendly',
  ]),
}

/**
 * Words of manner that say how fast something happened. They are about the service only when they
 * qualify its work: not before another noun ("a quick question", "a quick look"), not about the
 * customer's own doing ("I quickly realized", "right away I could smell gas", "we needed someone fast"),
 * and before "to" and a verb they only say how readily that was done ("quick to answer", "slow to apologise").
 */
export const SPEED_MANNER_WORDS = [
  'quick', 'quickly', 'fast', 'prompt', 'promptly', 'speedy', 'swift', 'swiftly', 'rapid', 'rapidly', 'right away', 'immediately', 'asap', 'early',
  'next day', 'next morning', 'slow', 'slowly', 'early the next morning', 'same day', 'same-day', 'same evening', 'same afternoon', 'same morning',
]
/** Nouns a speed adjective can qualify and still judge the service ("quick response", "fast turnaround"). */
export const SPEED_NOUNS = [
  'service', 'response', 'reply', 'turnaround', 'turn', 'job', 'work', 'repair', 'fix', 'install', 'installation', 'visit', 'appointment', 'arrival', 'callback',
  'call', 'scheduling', 'dispatch', 'action', 'help', 'diagnosis', 'replacement', 'team', 'crew', 'tech', 'technician', 'worker', 'guy', 'guys', 'time', 'answer',
  'feedback', 'processing', 'progress', 'pace', 'process', 'completion', 'start', 'delivery', 'handling', 'allocation', 'booking', 'assistance', 'attention', 'solution', 'result', 'results',
]
/** Verbs of the customer's own perceiving, thinking or writing: a speed word next to them is theirs ("I quickly realized"). */
export const CUSTOMER_VERBS = [
  'realize', 'realise', 'notice', 'smell', 'hear', 'feel', 'know', 'learn', 'understand', 'figure', 'decide', 'write', 'post', 'type', 'read', 'search',
  'google', 'think', 'panic', 'grab', 'shut', 'jot', 'remember', 'discover', 'spot', 'sense',
]
/** With a first-person subject these still tell of the service ("we got an appointment quickly", "I was called back right away"). */
export const SERVICE_RECEIVING_VERBS = ['get', 'have', 'receive', 'be', 'wait', 'hear', 'see', 'hook']
/** Wishes and needs: what the customer wanted is no opinion of what they got ("we needed someone fast"). */
export const IRREALIS_VERBS = ['need', 'want', 'hope', 'wish', 'expect', 'require', 'prefer', 'like', 'ask']

/**
 * Nouns of time: "late" or "early" before them dates something ("late Friday afternoon", "early the
 * next morning", "it was late October") rather than judging anyone's punctuality.
 */
export const TIME_NOUNS = [
  'morning', 'afternoon', 'evening', 'night', 'day', 'week', 'month', 'year', 'noon', 'midnight', 'spring', 'summer', 'fall', 'autumn', 'winter',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'weekend', 'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december', 'season', 'century', 'today', 'tonight', 'tomorrow', 'yesterday',
]
/** Verbs whose subject is late or early ("he was late Friday", "arrived early"): there "late" is about punctuality. */
export const ARRIVAL_VERBS = ['be', 'arrive', 'show', 'come', 'turn', 'run', 'get', 'roll', 'stroll', 'pull', 'start', 'leave', 'finish']

/** Small nouns of quantity a negation looks past: "didn't leave a single speck of dust", "not a trace of mud". */
export const QUANTITY_NOUNS = ['speck', 'trace', 'bit', 'piece', 'drop', 'spot', 'ounce', 'shred', 'hint', 'sign', 'scrap', 'crumb', 'shred', 'smidge', 'lick']

/** Words that put a failure in the future or in doubt: "the pump was about to fail" is the tech's warning, not a failed job. */
export const PROSPECTIVE_MARKERS = ['about', 'going', 'gonna', 'likely', 'could', 'might', 'may', 'risk', 'prevent', 'soon', 'eventually']

/** Exclamations of praise that sarcasm opens with ("Great communication, I only had to call six times"). */
export const EXCLAMATIVE_PRAISE = ['great', 'wonderful', 'amazing', 'fantastic', 'excellent', 'awesome', 'perfect', 'brilliant', 'superb', 'lovely', 'nice', 'love', 'bargain', 'steal', 'deal']

/** Verbs of asking for the service: the day they stand by starts the wait ("Called Monday, they were here Tuesday"). */
export const REQUEST_VERBS = ['call', 'book', 'phone', 'contact', 'request', 'email', 'submit', 'text', 'message', 'reach', 'schedule', 'ring']
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
/** Times no one is expected to work: coming out then is availability ("it was almost 10 pm on a Sunday when he came out"). */
export const OFF_HOURS = ['sunday', 'saturday', 'weekend', 'holiday', 'christmas', 'thanksgiving', 'midnight', 'easter', 'new year']
/** Verbs of someone coming out to the job. */
export const COMING_VERBS = ['come', 'arrive', 'show', 'turn', 'be', 'get']

/**
 * Verbs of a failure in this trade ("the pipe burst again", "the new faucet leaks", "the breaker tripped"):
 * complaints when something places them after the job, denied they are praise ("hasn't tripped since").
 * Used as nouns ("a burst pipe", "the leaks") they are the job to be done.
 */
export const FAILURE_VERBS = ['leak', 'drip', 'clog', 'trip', 'burst', 'flood', 'overflow']
