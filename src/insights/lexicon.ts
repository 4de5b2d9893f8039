/**
 * The domain lexicon, kept as data: which words and phrases signal each aspect of a home-services
 * job, and which carry sentiment in this domain. Matching is on wink-nlp lemmas (lower case), so
 * "arrived", "arrives" and "arriving" are one cue. Multi-word entries match consecutive lemmas.
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

/** Words that mention an aspect, whatever the sentiment. */
export const ASPECT_CUES: Record<AspectId, string[]> = {
  punctuality: [
    'on time', 'punctual', 'punctuality', 'late', 'early', 'arrival', 'arrival window', 'appointment window', 'show up', 'showed up', 'no-show',
    'no show', 'tardy', 'delay arrival', 'right on time', 'when promise', 'when they say', 'miss the appointment', 'show',
  ],
  price: [
    'price', 'pricing', 'priced', 'cost', 'costly', 'expensive', 'cheap', 'cheaper', 'affordable', 'overpriced', 'overcharge', 'charge', 'bill',
    'quote', 'estimate', 'value', 'money', 'fee', 'rate', 'pricey', 'rip-off', 'ripoff', 'rip off', 'invoice', 'dollar', '$', 'budget', 'reasonable price',
  ],
  professionalism: [
    'professional', 'professionalism', 'unprofessional', 'courteous', 'polite', 'rude', 'friendly', 'unfriendly', 'respectful', 'respect',
    'attitude', 'manner', 'kind', 'nice', 'patient', 'condescending', 'arrogant', 'courtesy', 'considerate', 'annoyed', 'disrespectful', 'helpful',
  ],
  quality: [
    'workmanship', 'quality', 'sloppy', 'thorough', 'problem', 'issue', 'leak again', 'come back', 'fail', 'break', 'broken', 'hold up',
    'solve', 'work great', 'work perfectly', 'work fine', 'craftsmanship', 'done right', 'be back', 'fix it right', 'poorly',
  ],
  communication: [
    'communication', 'communicate', 'explain', 'call back', 'callback', 'update', 'text', 'email', 'answer', 'question', 'inform', 'tell',
    'responsive', 'unresponsive', 'return call', 'return my call', 'keep we inform', 'keep us inform', 'confirm', 'voicemail', 'follow up', 'reply',
    'call i back', 'call me back', 'explanation',
  ],
  cleanliness: [
    'clean', 'cleanliness', 'mess', 'messy', 'tidy', 'spotless', 'debris', 'dirt', 'dirty', 'mud', 'shoe cover', 'drop cloth', 'clean up',
    'cleaned up', 'sawdust', 'dust', 'trash',
  ],
  speed: [
    'quick', 'quickly', 'fast', 'slow', 'slowly', 'prompt', 'promptly', 'same-day', 'same day', 'same-day appointment', 'wait',
    'within hour', 'right away', 'immediately', 'emergency', 'availability', 'available', 'schedule', 'drag on', 'take forever',
    'efficient', 'inefficient', 'speedy', 'asap', 'long time', 'response',
  ],
}

/**
 * Cues too general to stand against a specific one: "job" names the quality aspect in "great job!",
 * but not in "finished the job quickly", which is about speed.
 */
export const WEAK_CUES: Partial<Record<AspectId, string[]>> = {
  quality: ['work', 'job', 'repair', 'fix', 'install', 'installation', 'result'],
  speed: ['week', 'weeks', 'hour', 'hours', 'day', 'days', 'next day'],
}

/** Sentiment of words and phrases in this domain, from -1 to 1. Aspect-specific senses override the general ones. */
export const SENTIMENT: Record<string, number> = {
  // General
  great: 1, excellent: 1, amazing: 1, awesome: 1, fantastic: 1, outstanding: 1, wonderful: 1, perfect: 1, perfectly: 1, superb: 1, best: 1,
  good: 0.7, nice: 0.6, fine: 0.3, solid: 0.6, happy: 0.8, pleased: 0.8, satisfied: 0.7, recommend: 0.8, love: 0.9, impressed: 0.8,
  'top notch': 1, 'top-notch': 1, exceptional: 1, reliable: 0.8, honest: 0.8, trustworthy: 0.8, appreciate: 0.6, thank: 0.5, easy: 0.5,
  bad: -0.7, terrible: -1, awful: -1, horrible: -1, worst: -1, poor: -0.8, disappointing: -0.8, disappointed: -0.8, unhappy: -0.8,
  avoid: -0.9, never: 0, problem: -0.4, issue: -0.3, complaint: -0.6, complain: -0.6, mistake: -0.6, waste: -0.8, frustrating: -0.8,
  frustrated: -0.8, useless: -0.9, incompetent: -1, scam: -1, 'rip-off': -1, ripoff: -1, 'rip off': -1, unacceptable: -1, shoddy: -0.9,
  // Punctuality
  'on time': 0.9, punctual: 0.9, early: 0.6, late: -0.8, tardy: -0.8, 'no-show': -1, 'no show': -1, 'miss the appointment': -0.9,
  'when promise': 0.7, 'right on time': 1, 'never show': -1, 'never show up': -1, 'nobody show up': -1, 'show up late': -0.9,
  // Price
  fair: 0.7, reasonable: 0.7, affordable: 0.8, cheap: 0.4, inexpensive: 0.6, 'great value': 1, 'good value': 0.9, upfront: 0.6,
  expensive: -0.7, overpriced: -0.9, pricey: -0.6, costly: -0.6, overcharge: -0.9, 'too high': -0.8, 'way too high': -0.9, 'high': -0.3,
  'more than the quote': -0.8, 'more than the original quote': -0.8, 'for free': 0.8, free: 0.5, steep: -0.6, shocked: -0.6,
  // Professionalism
  professional: 0.8, courteous: 0.9, polite: 0.8, friendly: 0.8, respectful: 0.8, respect: 0.6, patient: 0.6, kind: 0.6, helpful: 0.7,
  considerate: 0.7, knowledgeable: 0.8, rude: -0.9, unprofessional: -0.9, unfriendly: -0.8, condescending: -0.9, arrogant: -0.8,
  annoyed: -0.6, disrespectful: -0.9, attitude: -0.2,
  // Quality
  thorough: 0.8, sloppy: -0.9, 'fix it right': 0.9, 'right the first time': 0.9, 'hold up': 0.6, 'work great': 0.9, 'work perfectly': 1,
  'come back': -0.6, fail: -0.8, broken: -0.7, break: -0.6, 'leak again': -0.8, 'did not fix': -0.9, "didn't fix": -0.9, 'poor quality': -0.9,
  'not fix': -0.9, still: -0.2, fix: 0.5, 'be back': -0.6, poorly: -0.8, 'do poorly': -0.8, 'hire someone else': -0.7,
  // Communication
  clearly: 0.6, responsive: 0.7, unresponsive: -0.8, 'keep us update': 0.7, 'keep we update': 0.7, 'never call back': -0.9,
  'never return': -0.8, 'no one call': -0.7, 'nobody call': -0.7, 'nobody tell': -0.7, 'answer all': 0.7, 'explain everything': 0.8,
  'call back': 0.5, 'call i back': 0.5, 'call me back': 0.5, explain: 0.4, update: 0.5, confirm: 0.5, delay: -0.5, 'when they say': 0.7,
  // Cleanliness
  clean: 0.7, spotless: 1, tidy: 0.8, neat: 0.7, mess: -0.8, messy: -0.8, dirty: -0.8, debris: -0.6, 'clean up': 0.6, 'shoe cover': 0.5,
  'drop cloth': 0.5, dust: -0.4, 'speck of dust': -0.5,
  // Speed
  quick: 0.7, quickly: 0.7, fast: 0.7, prompt: 0.7, promptly: 0.7, 'same-day': 0.8, 'same day': 0.8, 'right away': 0.8, immediately: 0.7,
  efficient: 0.7, speedy: 0.7, slow: -0.7, slowly: -0.6, 'drag on': -0.8, 'take forever': -0.9, 'week': -0.2, 'weeks': -0.4, 'wait': -0.4,
  'within hour': 0.7, 'less than an hour': 0.6,
}

/** Words that scale the next sentiment word. */
export const INTENSIFIERS: Record<string, number> = {
  very: 1.4, really: 1.3, extremely: 1.6, super: 1.4, so: 1.2, incredibly: 1.6, absolutely: 1.5, totally: 1.4, way: 1.3, truly: 1.3, highly: 1.4,
  slightly: 0.5, somewhat: 0.6, 'a bit': 0.6, 'a little': 0.6, bit: 0.6, kinda: 0.6, fairly: 0.7,
}

/** Words that start a new clause: sentiment on either side is judged apart. */
export const CONTRAST_WORDS = ['but', 'however', 'although', 'though', 'yet', 'except', 'whereas', 'while', 'otherwise', 'unfortunately']

/** Words wink-nlp does not flag but that negate what follows in the clause. */
export const NEGATORS = ['not', "n't", 'no', 'never', 'nobody', 'nothing', 'without', 'hardly', 'barely', 'nor']

/** Stop words left out of topic phrases. */
export const TOPIC_STOPWORDS = new Set([
  'the', 'a', 'an', 'and', 'or', 'to', 'of', 'in', 'on', 'for', 'with', 'was', 'were', 'is', 'be', 'it', 'they', 'we', 'our', 'my', 'i',
  'he', 'she', 'this', 'that', 'them', 'us', 'me', 'their', 'his', 'her', 'at', 'by', 'from', 'up', 'out', 'as', 'so', 'very', 'had',
  'have', 'has', 'do', 'did', 'get', 'got', 'will', 'would', 'just', 'all', 'also', 'there', 'here', 'what', 'when', 'who', 'which',
  'again', 'even', 'one', 'time', 'company', 'service', 'thank', 'thanks', 'highly', 'recommend', 'definitely', 'use', 'call', 'come',
])
