import type { HindiOf } from '../translate.js';
import type { adminJobsEn } from './admin-jobs.en.js';

export const adminJobsHi: HindiOf<typeof adminJobsEn> = {
  'adminJobs.state.queued': 'लाइन में',
  'adminJobs.state.retry': 'फिर कोशिश होगी',
  'adminJobs.state.running': 'चल रहा है',
  'adminJobs.state.completed': 'पूरा',
  'adminJobs.state.failed': 'फ़ेल',
  'adminJobs.filter.all': 'सभी',
  'adminJobs.filters': 'जॉब दिखाएँ',
  'adminJobs.runningNow': 'अभी चल रहा है',
  'adminJobs.col.job': 'जॉब',
  'adminJobs.col.state': 'स्थिति',
  'adminJobs.col.attempts': 'कोशिशें',
  'adminJobs.col.created': 'बना',
  'adminJobs.col.next': 'अगली बार / पूरा हुआ',
  'adminJobs.col.lastError': 'आख़िरी गड़बड़ी',
  'adminJobs.attempts': '{max} में से {n}',
  'adminJobs.retriedNotice': 'फिर से कोशिश हो रही है: {job}',
  'adminJobs.retryFailed': 'फिर से कोशिश नहीं हो पाई: {reason}',
  'adminJobs.retry': 'फिर कोशिश करें',
  'adminJobs.retrying': 'फिर कोशिश हो रही है...',
  'adminJobs.retryLabel': 'फिर कोशिश करें: {job}',
  'adminJobs.discard': 'हटाएँ',
  'adminJobs.discardLabel': 'हटाएँ: {job}',
  'adminJobs.discarding': 'हटाया जा रहा है...',
  'adminJobs.title': 'जॉब',
  'adminJobs.intro':
    'ईमेल और बैकग्राउंड के दूसरे काम जो अभी पूरे नहीं हुए, सबसे नए पहले, ज़्यादा से ज़्यादा 100। जिस जॉब की सारी कोशिशें ख़त्म हो गईं, वह फ़ेल में रहता है: वजह ठीक होने पर फिर कोशिश करें, या उसे हटा दें।',
  'adminJobs.discardTitle': 'यह जॉब हटाएँ?',
  'adminJobs.discardEffect': 'यह मिट जाएगा और कभी नहीं चलेगा। इसे वापस नहीं किया जा सकता।',
  'adminJobs.discardEmailEffect': 'यह मिट जाएगा और कभी नहीं चलेगा, यानी ईमेल नहीं जाएगा। इसे वापस नहीं किया जा सकता।',
};
