/**
 * Idioms, negative-polarity items and fixed expressions, as data: `phrase: [sentiment, aspect]`.
 * They are matched before single words, consume their tokens, and keep their own sense: an outer
 * negation does not flip them and their inner "not"/"no" negates nothing else ("couldn't be happier",
 * "no complaints", "can't recommend them enough"). Write lemmas or surface forms ("n't" is "not",
 * "can't" is "can not"); `<num>` matches a number, `*` one to three words. An aspect of null carries
 * sentiment only; a sentiment of 0 only blocks a misreading ("later that day" is not lateness).
 */
import type { AspectId } from './lexicon'

export type PhraseEntry = [sentiment: number, aspect: AspectId | null]

export const PHRASES: Record<string, PhraseEntry> = {
  // Negative-polarity items: praise that looks negated.
  'could not be happier': [1, null], 'could not be more happy': [1, null], 'could not be more pleased': [1, null], 'could not be better': [1, null],
  'could not be more satisfied': [1, null], 'can not be happier': [1, null], 'could not ask for': [0.9, null], 'can not ask for': [0.9, null],
  'could not have ask for': [0.9, null], 'can not recommend * enough': [1, null], 'can not recommend enough': [1, null], 'could not recommend * enough': [1, null],
  'can not say enough': [1, null], 'can not thank * enough': [1, null], 'can not thank enough': [1, null], 'can not praise * enough': [1, null],
    'nothing bad to say': [0.9, null],
  'nothing negative': [0.8, null], 'no complaint': [0.8, null], 'no complaints': [0.8, null], 'zero complaint': [0.8, null], 'not complain': [0.6, null],
  'never disappoint': [0.9, null], 'never let we down': [0.9, null], 'never let us down': [0.9, null], 'never fail to': [0.8, null],
  'no regret': [0.7, null], 'no regrets': [0.7, null], 'not disappointed': [0.7, null], 'not be disappointed': [0.7, null], 'no brainer': [0.8, null],
  'no-brainer': [0.8, null], 'no problem': [0.6, null], 'no worries': [0.4, null], 'not too shabby': [0.6, null], 'not bad': [0.5, null],
  // Quality
  'never have a problem': [0.8, 'quality'], 'never had a problem': [0.8, 'quality'], 'never have an issue': [0.8, 'quality'], 'never had an issue': [0.8, 'quality'],
  'never have any problem': [0.8, 'quality'], 'never have any issue': [0.8, 'quality'], 'not one drip': [0.8, 'quality'], 'not a drip': [0.8, 'quality'], 'not a single leak': [0.8, 'quality'], 'without a hitch': [0.9, 'quality'],
  'without any hitch': [0.9, 'quality'], 'go off without a hitch': [0.9, 'quality'], 'like a charm': [1, 'quality'], 'like a dream': [1, 'quality'],
  'like new': [0.8, 'quality'], 'good as new': [0.9, 'quality'], 'nail it': [0.9, 'quality'], 'nailed it': [0.9, 'quality'], 'know his stuff': [0.8, 'quality'],
  'know her stuff': [0.8, 'quality'], 'know their stuff': [0.8, 'quality'], 'know what he be do': [0.8, 'quality'], 'know what she be do': [0.8, 'quality'],
  'fall apart': [-0.9, 'quality'], 'band-aid': [-0.7, 'quality'], 'band aid': [-0.7, 'quality'], 'band - aid': [-0.7, 'quality'],
  'still leak': [-0.8, 'quality'], 'still leaking': [-0.8, 'quality'], 'still drip': [-0.8, 'quality'], 'still not work': [-0.9, 'quality'], 'still blow cold': [-0.8, 'quality'], 'still no hot water': [-0.9, 'quality'], 'still there': [-0.6, 'quality'],
  'be back': [-0.6, 'quality'], 'come back': [-0.6, 'quality'], 'clog again': [-0.8, 'quality'], 'trip again': [-0.8, 'quality'], 'break again': [-0.8, 'quality'],
  'leak again': [-0.8, 'quality'], 'fail again': [-0.8, 'quality'], 'quit again': [-0.8, 'quality'], 'die again': [-0.8, 'quality'], 'stop again': [-0.8, 'quality'],
  'stop work': [-0.8, 'quality'], 'stop working': [-0.8, 'quality'], 'do not work': [-0.8, 'quality'], 'do not even work': [-0.8, 'quality'],
  'not fix': [-0.9, 'quality'], 'not fixed': [-0.9, 'quality'], 'did not fix': [-0.9, 'quality'], 'do not fix': [-0.9, 'quality'], 'never fix': [-0.9, 'quality'],
  'not actually fix': [-0.9, 'quality'], 'do not actually fix': [-0.9, 'quality'], 'do not solve': [-0.8, 'quality'], 'not solve': [-0.8, 'quality'],
  'redo the whole thing': [-0.8, 'quality'], 'redo it': [-0.8, 'quality'], 'have to redo': [-0.8, 'quality'], 'another company come': [-0.7, 'quality'],
  'another plumber to': [-0.7, 'quality'], 'someone else to': [-0.6, 'quality'], 'hire someone else': [-0.7, 'quality'], 'right the first time': [0.9, 'quality'],
  'on the first try': [0.8, 'quality'], 'first try': [0.7, 'quality'], 'do a great job': [1, 'quality'], 'great job': [1, 'quality'], 'good job': [0.8, 'quality'],
  'awesome job': [1, 'quality'], 'fantastic job': [1, 'quality'], 'excellent job': [1, 'quality'], 'amazing job': [1, 'quality'], 'perfect job': [1, 'quality'],
  'great work': [1, 'quality'], 'good work': [0.8, 'quality'], 'excellent work': [1, 'quality'], 'quality work': [0.9, 'quality'], 'honest work': [0.8, 'quality'],
  'without problem': [0.8, 'quality'], 'without problems': [0.8, 'quality'], 'without any problem': [0.8, 'quality'], 'function perfectly': [1, 'quality'],
  'work perfectly': [1, 'quality'], 'everything work': [0.7, 'quality'], 'everything function': [0.7, 'quality'], 'run again': [0.6, 'quality'],
  'better than any': [0.8, 'quality'], 'even worse': [-0.8, null], 'strange noise': [-0.6, 'quality'],
  'make noise': [-0.5, 'quality'], 'no hot water': [-0.5, null], 'find the problem': [0.6, 'quality'], 'found the problem': [0.6, 'quality'],
  'run like new': [0.9, 'quality'],
  // Price
  'value for money': [0.5, 'price'], 'value for the money': [0.5, 'price'], 'unbeatable': [1, null], 'worth every penny': [1, 'price'], 'worth every cent': [1, 'price'],
  'worth every dollar': [1, 'price'], 'worth the money': [0.9, 'price'], 'worth the price': [0.9, 'price'], 'worth it': [0.7, 'price'], 'not worth the money': [-0.9, 'price'],
  'not break the bank': [0.8, 'price'], 'break the bank': [-0.6, 'price'], 'arm and a leg': [-0.9, 'price'], 'highway robbery': [-1, 'price'],
  'take we to the cleaner': [-1, 'price'], 'take us to the cleaner': [-1, 'price'], 'take we to the cleaners': [-1, 'price'], 'take us to the cleaners': [-1, 'price'],
  'price-performance ratio': [0.3, 'price'], 'price - performance ratio': [0.3, 'price'], 'price performance ratio': [0.3, 'price'],
  'double the quote': [-0.9, 'price'], 'double the estimate': [-0.9, 'price'], 'twice the quote': [-0.9, 'price'], 'twice the original quote': [-0.9, 'price'],
  'twice the estimate': [-0.9, 'price'], 'almost twice the original quote': [-0.9, 'price'], 'double what': [-0.8, 'price'], 'twice what': [-0.8, 'price'],
  'more than the quote': [-0.8, 'price'], 'more than quoted': [-0.8, 'price'], 'more than the original quote': [-0.8, 'price'], 'higher than the quote': [-0.8, 'price'],
  'higher than the estimate': [-0.8, 'price'], 'higher than quote': [-0.8, 'price'], 'higher than the cost estimate': [-0.8, 'price'], 'match the estimate': [0.8, 'price'], 'exactly what be quote': [0.8, 'price'],
  'what be quote': [0.5, 'price'], 'stick to the quote': [0.7, 'price'], 'half the price': [0.8, 'price'],
  'no hidden fee': [0.8, 'price'], 'no hidden fees': [0.8, 'price'], 'no hidden charge': [0.8, 'price'], 'no hidden charges': [0.8, 'price'], 'no surprise': [0.7, 'price'],
  'no surprises': [0.7, 'price'], 'no surprise charge': [0.8, 'price'], 'for free': [0.8, 'price'], 'on top': [-0.4, 'price'], 'on top of': [-0.4, 'price'],
  'diagnostic fee': [-0.3, 'price'], 'a shock': [-0.6, null], 'fair price': [0.8, 'price'],
  // Professionalism
  'above and beyond': [1, 'professionalism'], 'go above and beyond': [1, 'professionalism'], 'class act': [1, 'professionalism'],
  'chip on his shoulder': [-0.8, 'professionalism'], 'chip on her shoulder': [-0.8, 'professionalism'], 'attitude problem': [-0.8, 'professionalism'],
  'real attitude': [-0.7, 'professionalism'], 'an attitude': [-0.6, 'professionalism'], 'talk down to': [-0.8, 'professionalism'], 'make me feel rush': [-0.6, 'professionalism'], 'never make me feel rush': [0.7, 'professionalism'], 'not care': [-0.6, 'professionalism'],
  'not seem to care': [-0.7, 'professionalism'], 'true professional': [1, 'professionalism'], 'real professional': [1, 'professionalism'], 'not greet': [-0.6, 'professionalism'], 'not say goodbye': [-0.6, 'professionalism'],
      'gladly again': [0.7, null], 'glad again': [0.6, null],
  // Punctuality
  'on the dot': [0.9, 'punctuality'], 'to the minute': [0.8, 'punctuality'], 'punctual to the minute': [1, 'punctuality'], '<num> sharp': [0.9, 'punctuality'],
  'never show': [-1, 'punctuality'], 'never show up': [-1, 'punctuality'], 'never turn up': [-1, 'punctuality'], 'never came': [-0.9, 'punctuality'],
  'nobody show up': [-1, 'punctuality'], 'no one show up': [-1, 'punctuality'], 'nobody come': [-0.8, 'punctuality'], 'no one come': [-0.8, 'punctuality'],
  'not show': [-0.9, 'punctuality'], 'not show up': [-0.9, 'punctuality'], 'did not show': [-0.9, 'punctuality'], 'do not show': [-0.9, 'punctuality'],
  'another no-show': [-1, 'punctuality'], 'another no - show': [-1, 'punctuality'], 'not keep': [-0.6, null], 'take the day off': [-0.3, null], 'later than agree': [-0.8, 'punctuality'],
  'later than agreed': [-0.8, 'punctuality'], 'later than promise': [-0.8, 'punctuality'], 'later than schedule': [-0.8, 'punctuality'],
  'at <num> for a <num>': [-0.8, 'punctuality'], 'after the window': [-0.8, 'punctuality'], 'long after the window': [-0.9, 'punctuality'], 'start of the window': [0.6, 'punctuality'], 'when they say': [0.5, 'punctuality'],
  'when they said they would': [0.7, 'punctuality'], 'exactly when': [0.7, 'punctuality'], 'as promised': [0.5, null], 'as agreed': [0.4, null],
  'hour late': [-0.9, 'punctuality'], 'hours late': [-0.9, 'punctuality'], 'minutes late': [-0.6, 'punctuality'], 'minute late': [-0.6, 'punctuality'],
  'minutes early': [0.7, 'punctuality'], 'run late': [-0.6, 'punctuality'], 'running late': [-0.6, 'punctuality'],
  'running a few minutes behind': [0.2, 'communication'],
  // Time words that are not lateness: the day's events, or availability out of hours.
  'later that day': [0, null], 'later that evening': [0, null], 'later that night': [0, null], 'later that morning': [0, null], 'later that afternoon': [0, null],
  'later in the day': [0, null], 'later in the afternoon': [0, null], 'later in the evening': [0, null], 'later on': [0, null], 'late last': [0, null],
  'late this': [0, null], 'late that': [0, null], 'late in the afternoon': [0, null], 'late afternoon': [0, null], 'late morning': [0, null], 'late spring': [0, null],
  'late summer': [0, null], 'late fall': [0, null], 'late winter': [0, null], 'late in the year': [0, null], 'late night': [0.4, 'speed'], 'late at night': [0.5, 'speed'],
  'late in the evening': [0.5, 'speed'], 'late on a': [0.5, 'speed'], 'late on': [0.3, 'speed'], 'late into the night': [0.6, 'speed'], '<num> days later': [0, null], '<num> day later': [0, null], 'a week later': [0, null], 'a day later': [0, null], 'a month later': [0, null],
  'week later': [0, null], 'month later': [0, null], 'day later': [0, null], 'hours later': [0, null], 'years later': [0, null], 'get back late': [0, null],
  // Speed
  'in no time': [0.8, 'speed'], 'at the drop of a hat': [0.8, 'speed'], 'drop of a hat': [0.8, 'speed'], 'take forever': [-0.9, 'speed'],
  'take ages': [-0.8, 'speed'], 'take them forever': [-0.9, 'speed'], 'not have to wait': [0.7, 'speed'], 'not have to wait long': [0.7, 'speed'], 'not wait long': [0.7, 'speed'],
  'no wait': [0.6, 'speed'], 'no waiting': [0.6, 'speed'], 'not wait at all': [0.8, 'speed'], 'no urgency': [-0.8, 'speed'],
  'next day': [0.5, null],
  'early the next morning': [0.7, 'speed'], 'first thing the next morning': [0.7, null], 'same day': [0.8, 'speed'], 'same-day': [0.8, 'speed'], 'same - day': [0.8, 'speed'],
  'same afternoon': [0.7, 'speed'], 'lightning fast': [0.9, 'speed'], 'had to wait': [-0.5, 'speed'], 'have to wait': [-0.5, 'speed'], 'all day': [-0.3, null], 'took all day': [-0.6, 'speed'], 'take all day': [-0.6, 'speed'],
  'take a week': [-0.5, 'speed'], 'take <num> weeks': [-0.7, 'speed'], 'take them <num> weeks': [-0.7, 'speed'], 'take a month': [-0.7, 'speed'], 'only take them a month': [-0.8, 'speed'],
  'wait <num> days': [-0.6, 'speed'], 'wait <num> weeks': [-0.7, 'speed'], 'wait a week': [-0.6, 'speed'], 'wait a month': [-0.8, 'speed'], 'wait for parts': [-0.5, 'speed'], 'the parts take': [-0.4, 'speed'], 'next week': [-0.3, null], 'within hours': [0.7, 'speed'], 'within minutes': [0.8, 'speed'], 'in minutes': [0.7, 'speed'], 'in half an hour': [0.8, 'speed'],
  // Communication
  'nobody answer': [-0.8, 'communication'], 'no one answer': [-0.8, 'communication'], 'nobody pick up': [-0.8, 'communication'], 'no one pick up': [-0.8, 'communication'],
  'pick up the phone': [0.6, 'communication'], 'answer the phone': [0.5, 'communication'], 'never call back': [-0.9, 'communication'], 'never call me back': [-0.9, 'communication'], 'never call i back': [-0.9, 'communication'], 'never return': [-0.8, 'communication'],
  'never got a call back': [-0.9, 'communication'], 'never get a call back': [-0.9, 'communication'], 'never got a callback': [-0.9, 'communication'],
  'never get a callback': [-0.9, 'communication'], 'no callback': [-0.8, 'communication'], 'no call back': [-0.8, 'communication'], 'zero callback': [-0.9, 'communication'],
  'zero callbacks': [-0.9, 'communication'], 'not return': [-0.8, 'communication'], 'never hear back': [-0.8, 'communication'], 'never heard back': [-0.8, 'communication'],
  'never get back to': [-0.8, 'communication'], 'nobody ever get back to': [-0.9, 'communication'], 'no one ever get back to': [-0.9, 'communication'],
  'no one call': [-0.7, 'communication'], 'nobody call': [-0.7, 'communication'], 'nobody tell': [-0.7, 'communication'], 'no one tell': [-0.7, 'communication'],
  'nobody let we know': [-0.8, 'communication'], 'nobody let us know': [-0.8, 'communication'], 'no one let us know': [-0.8, 'communication'], 'not let we know': [-0.7, 'communication'],
  'no one know': [-0.7, 'communication'], 'nobody know': [-0.7, 'communication'],
  'never tell': [-0.7, 'communication'], 'never told': [-0.7, 'communication'], 'not tell': [-0.6, 'communication'], 'not one phone call': [-0.8, 'communication'],
  'not a single update': [-0.8, 'communication'], 'not one update': [-0.8, 'communication'], 'no update': [-0.7, 'communication'], 'no updates': [-0.7, 'communication'],
  'like pull teeth': [-0.9, 'communication'], 'like pulling teeth': [-0.9, 'communication'], 'keep change the time': [-0.6, 'communication'], 'keep changing': [-0.6, 'communication'],
  'not reachable': [-0.8, 'communication'], 'lose our paperwork': [-0.7, 'communication'],
  'lost our paperwork': [-0.7, 'communication'], 'in the loop': [0.7, 'communication'], 'walk me through': [0.7, 'communication'], 'walk us through': [0.7, 'communication'],
  'show me picture': [0.6, 'communication'], 'take the time to explain': [0.8, 'communication'], 'call ahead': [0.6, 'communication'], 'call to confirm': [0.6, 'communication'], 'call the day before': [0.6, 'communication'], 'text me when': [0.6, 'communication'], 'on his way': [0.3, 'communication'], 'on the way': [0.3, 'communication'], 'talk to an answering machine': [-0.8, 'communication'], 'all question': [0.5, 'communication'],
    
  // Cleanliness
  'no mess': [0.8, 'cleanliness'], 'not a speck': [1, 'cleanliness'], 'not leave a mess': [0.8, 'cleanliness'], 'not even tell': [0.7, 'cleanliness'], 'could not even tell': [0.8, 'cleanliness'], 'could not tell': [0.6, 'cleanliness'], 'clean up after': [0.7, 'cleanliness'],
  'clean up every': [0.8, 'cleanliness'], 'clean up everything': [0.8, 'cleanliness'], 'after themselves': [0.5, 'cleanliness'], 'left a mess': [-0.8, 'cleanliness'],
  'leave a mess': [-0.8, 'cleanliness'], 'all over the': [-0.4, null], 'in our yard': [-0.3, 'cleanliness'], 'floor be cover': [0.6, 'cleanliness'], 'drop cloths': [0.5, 'cleanliness'], 'shoe covers': [0.5, 'cleanliness'],
  // Sarcasm: praise that is taken back in the same breath.
  'if you enjoy': [-0.5, null], 'if you like': [-0.5, null], 'thanks for nothing': [-1, null], 'thanks for waste': [-1.5, null], 'thank for waste': [-1.5, null],
  'thanks for wasting': [-1.5, null], 'oh sure': [-0.5, null],
  // General phrases that carry sentiment
  'post an update': [0, null], 'update this review': [0, null], 'fine since': [0.7, 'quality'], 'toilet be run again': [-0.7, 'quality'], 'toilet run again': [-0.7, 'quality'],
  'toilet be run': [-0.5, 'quality'], 'toilet be still run': [-0.7, 'quality'],
  'a joke': [-0.7, null], 'top notch': [1, null], 'go wrong': [-0.5, null], 'let down': [-0.7, null], 'let we down': [-0.7, null], 'let us down': [-0.7, null],
  'waste of time': [-0.8, null], 'waste of money': [-0.9, 'price'], 'would not use again': [-0.8, null], 'will not use again': [-0.8, null],
  'never again': [-0.8, null], 'never use again': [-0.8, null], 'stay away': [-0.8, null],
}

/** Phrases that mark a clause as sarcastic: its praise counts as complaint. */
export const SARCASM_MARKERS = ['if you enjoy', 'if you like', 'oh sure', 'thanks for nothing', 'thanks for waste', 'thank for waste', 'thanks for wasting']
