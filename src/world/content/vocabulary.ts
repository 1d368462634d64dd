/** Word lists the realistic generators draw from (small on purpose: variety comes from the rng). */

export const PROSE_WORDS: readonly string[] = (
  'the system service request response cluster node deployment database connection pool query latency ' +
  'error timeout retry budget user customer team release version configuration network traffic memory ' +
  'process thread queue message event schedule window report metric threshold alert incident review ' +
  'we they it this that which when because although however therefore meanwhile after before during ' +
  'is was were has had will would should could might must can does did ' +
  'check investigate restart update analyze confirm reduce increase migrate verify rollback deploy ' +
  'slow fast stable healthy degraded critical minor major recent previous current expected unusual ' +
  'quickly carefully again already still never often usually probably clearly ' +
  'a an and or but of to in on for with from by at about into over under between'
).split(' ');

export const FIRST_NAMES: readonly string[] =
  'Alice Bob Carol Dave Erin Frank Grace Heidi Ivan Judy Mallory Niaj Olivia Peggy Rupert Sybil Trent Victor Walter Yara'.split(
    ' ',
  );
export const LAST_NAMES: readonly string[] =
  'Johnson Smith Garcia Chen Patel Müller Rossi Tanaka Novak Silva Kowalski Dubois Larsen Okafor'.split(' ');
export const STATUSES: readonly string[] = ['active', 'pending', 'suspended', 'failed', 'running', 'completed'];
export const TAGS: readonly string[] = 'prod staging eu-west us-east canary critical batch web api worker cache'.split(
  ' ',
);
export const SERVICES: readonly string[] =
  'api-gateway auth-service billing orders inventory search notifier scheduler'.split(' ');
export const LEVELS: readonly string[] = ['INFO ', 'INFO ', 'INFO ', 'DEBUG', 'WARN ', 'ERROR'];
export const LOG_MESSAGES: readonly string[] = [
  'request completed',
  'cache miss, loading from store',
  'upstream timed out while connecting',
  'connection pool exhausted, waiting',
  'retrying after transient failure',
  'health check passed',
  'slow query detected',
  'token refreshed',
];
export const PATHS: readonly string[] = [
  '/api/v1/users',
  '/api/v1/orders',
  '/api/v2/search',
  '/healthz',
  '/api/v1/payments',
  '/metrics',
];
export const METHODS: readonly string[] = ['GET', 'GET', 'POST', 'PUT', 'DELETE'];

export const IDENT_VERBS: readonly string[] =
  'compute load save parse build resolve validate merge apply fetch render flush'.split(' ');
export const IDENT_NOUNS: readonly string[] =
  'Retry Delay Config User Order Cache Token Window Summary Request Batch Index'.split(' ');
export const IDENT_VARS: readonly string[] =
  'attempt baseMs items result index total limit options value entry key count'.split(' ');

/** Common Chinese characters and a few kana: all 3 bytes in UTF-8. */
export const CJK_CHARS: readonly string[] = Array.from(
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府研质期' +
    'データベースの接続を確認してください',
);
export const CJK_PUNCTUATION: readonly string[] = ['，', '。', '、', '：'];

/** Single-code-point emoji (4 UTF-8 bytes each), no ZWJ sequences or variation selectors. */
export const EMOJI: readonly string[] = Array.from(
  '😀😂🤣😅😊😍🤔😬😭😱👍👀🙏🔥🚀🎉✅❌💥🐛💡📈📉🧪🛠️⚠️'.replace(/[\uFE0F\u2705\u274C\u26A0]/g, ''),
);
export const CHAT_WORDS: readonly string[] =
  'lol ok yes no wow nice deploy broke again fixed it ship now wait what same here thanks great idea bug prod on fire done'.split(
    ' ',
  );
