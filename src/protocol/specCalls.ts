/**
 * The 115 calls of SPEC 7 ("The calls it makes"), by section, named as the call tables name
 * them (live.ts, commerce.ts, resource.ts, directory.ts). The tables hold more (calls we
 * chose: logout, purchase, withdrawal, the replay's timeline, ...); these are the ones the
 * specification lists. docs/protocol.md 4.8 says where the client makes each, and
 * src/api/services/specCalls.test.ts keeps that table true against the client's source.
 */
export const SPEC_CALLS = {
  '7.1': [
    // Room and entry
    'roomInfo',
    'signUpStatus',
    'login',
    'aggLogin',
    'interactive',
    'refreshSession',
    'signConfig',
    'signUp',
    'whitelist',
    'loginResource',
    'checkWatchPassword',
    'disposableLogin',
    'thirdPartyLoginUrl',
    'thirdPartyAuthUrl',
    'workWxOauthInfo',
    'workWxUserInfo',
    'workWxOpenId',
    'aggRelationList',
    // Mic connection
    'micApply',
    'micReply',
    'micUsers',
    'signalToAssistant',
    // Praise and counts
    'praise',
    'praiseCount',
    'praiseImages',
    'onlineCount',
    // Roll call, questionnaire and answer sheet
    'rollCallAnswer',
    'paperInfo',
    'paperPublishList',
    'paperUnanswered',
    'paperState',
    'answerSheetNeed',
    'answerSheetGet',
    'answerSheetAnswer',
    // Chat
    'chatHistory',
    'chatByIds',
    // Lottery
    'raffleWinners',
    'raffleRecord',
    'raffleWinner',
    'rafflePassword',
    // Users, keep-alive and notices
    'userRoleList',
    'heartbeat',
    'notice',
    'contract',
    'updateName',
    // Playback, streams and settings
    'pushStreamUrl',
    'playbackConfig',
    'cloudSetting',
    'otherSetting',
    'multiStreamList',
    'pullStreamUrl',
    'defaultStreamList',
    'groupInfoList',
    'groupConfig',
    'group',
    'marketConfig',
    'watermarkConfig',
    'subscribeConfig',
    'messageSubscribe',
    'splashConfig',
    'splashList',
    'splashClick',
    // Delayed charging
    'delayCharge',
    'delayCheck',
    // Records, posters and Q&A
    'recordList',
    'posterInvitationList',
    'qaAsk',
    'qaList',
    'qaReply',
    'qaWithQuestion',
    'qaSwitch',
  ],
  '7.2': [
    'goodsAudienceList',
    'goodsDetail',
    'goodsPushed',
    'goodsSearch',
    'rewardPayGift',
    'giftList',
    'smsSend',
    'smsCheck',
    'mailSendCode',
    'openAppId',
    'openUserInfo',
    'privateMerchantCheck',
    'recommendList',
    'recommendById',
    'recommendFind',
    'recommendPush',
    'followQrcode',
    'followResult',
    'posterTemplateContent',
    'posterCustomList',
    'posterGuestInfo',
    'posterCreate',
    'posterCustomCreate',
    'inviteAdd',
    'consultAdd',
    'redPacketJudge',
    'redPacketDraw',
    'redPacketActivityList',
    'redPacketUserInfo',
  ],
  '7.3': ['docShareInfo', 'whiteboardInfo', 'cloudInfo', 'cdnUrl'],
  '7.4': ['location', 'register', 'auth', 'bindLogin', 'captcha', 'userdataDepartment', 'userdataDepartmentUser', 'userdataUser', 'userdataFixedgroups', 'userdataFixedgroupsUser', 'downloadOrgContacts'],
} as const;

export type SpecSection = keyof typeof SPEC_CALLS;

/**
 * How the client's source calls a directory call (SPEC 7.4): through the directory
 * service's methods (src/api/services/directory.ts), the five objects through `userdata`.
 */
export const DIRECTORY_CALL_USES: Readonly<Record<(typeof SPEC_CALLS)['7.4'][number], string>> = {
  location: '.lookup(',
  register: '.register(',
  auth: '.auth(',
  bindLogin: '.bindLogin(',
  captcha: '.captcha(',
  userdataDepartment: '.userdata(',
  userdataDepartmentUser: '.userdata(',
  userdataUser: '.userdata(',
  userdataFixedgroups: '.userdata(',
  userdataFixedgroupsUser: '.userdata(',
  downloadOrgContacts: '.downloadOrgContacts(',
};
