/**
 * Commerce service calls (SPEC 7.2). SPEC names the calls but no paths, so every path here
 * was chosen by us under one prefix, /commerce/v1/<area>/<action>, and recorded in
 * docs/protocol.md. The room is sent as liveId in this service (SPEC 7.2 "gift list by
 * liveId"). Amounts are decimal strings in yuan (PROTOCOL 1.4).
 *
 * Money calls (PROTOCOL 1.2) are flagged spendsMoney: reward pay gift, red packet draw,
 * red packet withdrawal and goods purchase. SPEC 7.2 lists neither a withdrawal nor a
 * purchase call, yet SPEC 1 and PROTOCOL 1.2 name both, so they are added here.
 */
import { callMakers, type Id, type Yuan } from '../calls';

const { get, post } = callMakers('commerce');
const money = { spendsMoney: true } as const;

type Live = { readonly liveId: Id };
type Paging = { readonly skip?: number; readonly take?: number };

export const COMMERCE_PREFIX = '/commerce/v1';

export const COMMERCE_CALLS = {
  // Goods
  goodsAudienceList: post<Live & Paging>('/commerce/v1/goods/audience/list', ['liveId', 'skip', 'take']),
  goodsDetail: post<Live & { goodsId: Id }>('/commerce/v1/goods/detail', ['liveId', 'goodsId']),
  goodsPushed: post<Live>('/commerce/v1/goods/pushgoodsid', ['liveId']),
  goodsSearch: post<Live & { keyword: string } & Paging>('/commerce/v1/goods/search', ['liveId', 'keyword', 'skip', 'take']),
  goodsPurchase: post<Live & { goodsId: Id; count: number; amount: Yuan }>(
    '/commerce/v1/goods/purchase',
    ['liveId', 'goodsId', 'count', 'amount'],
    money,
  ),

  // Rewards
  rewardPayGift: post<Live & { gift: string; count: number; amount: Yuan }>(
    '/commerce/v1/reward/pay/gift',
    ['liveId', 'gift', 'count', 'amount'],
    money,
  ),
  giftList: get<Live>('/commerce/v1/reward/gift/list', ['liveId']),

  // Verification
  smsSend: post<{ phone: string; liveId?: Id }>('/commerce/v1/verify/sms/send', ['phone', 'liveId']),
  smsCheck: post<{ phone: string; code: string }>('/commerce/v1/verify/sms/check', ['phone', 'code']),
  mailSendCode: post<{ email: string; liveId?: Id }>('/commerce/v1/verify/mail/sendCode', ['email', 'liveId']),

  // Open platform
  openAppId: get<Live>('/commerce/v1/open/appId', ['liveId']),
  openUserInfo: get<{ code: string; appId?: string }>('/commerce/v1/open/userInfo', ['code', 'appId']),
  privateMerchantCheck: get<Live>('/commerce/v1/open/privateMerchant/check', ['liveId']),

  // Recommendations
  recommendList: post<Live & Paging>('/commerce/v1/recommend/list', ['liveId', 'skip', 'take']),
  recommendById: get<{ id: Id }>('/commerce/v1/recommend/{id}', ['id']),
  recommendFind: post<Live & { keyword?: string }>('/commerce/v1/recommend/find', ['liveId', 'keyword']),
  recommendPush: post<Live & { id: Id }>('/commerce/v1/recommend/push', ['liveId', 'id']),

  // Follow-login (scan a QR code with the messaging app, then poll the result)
  followQrcode: get<Live>('/commerce/v1/follow/qrcode', ['liveId']),
  followResult: get<Live & { ticket: string }>('/commerce/v1/follow/result', ['liveId', 'ticket']),

  // Posters and invites
  posterTemplateContent: post<Live & { templateId?: Id }>('/commerce/v1/poster/template/content', ['liveId', 'templateId']),
  posterCustomList: post<Live>('/commerce/v1/poster/custom/list', ['liveId']),
  posterGuestInfo: get<Live>('/commerce/v1/poster/guest/info', ['liveId']),
  posterCreate: post<Live & { templateId: Id }>('/commerce/v1/poster/create', ['liveId', 'templateId']),
  posterCustomCreate: post<Live & { content: unknown }>('/commerce/v1/poster/custom/create', ['liveId', 'content']),
  inviteAdd: post<Live & { inviterId: Id }>('/commerce/v1/invite/add', ['liveId', 'inviterId']),

  // Consultation
  consultAdd: post<Live & { name?: string; phone?: string; content: string }>('/commerce/v1/consult/add', [
    'liveId',
    'name',
    'phone',
    'content',
  ]),

  // Red packet
  redPacketJudge: post<Live & { id: Id }>('/commerce/v1/redpacket/judge', ['liveId', 'id']),
  redPacketDraw: post<Live & { id: Id }>('/commerce/v1/redpacket/draw', ['liveId', 'id'], money),
  redPacketActivityList: post<Live>('/commerce/v1/redpacket/activity/list', ['liveId']),
  redPacketUserInfo: post<Live>('/commerce/v1/redpacket/user/info', ['liveId']),
  redPacketWithdraw: post<Live & { amount: Yuan }>('/commerce/v1/redpacket/withdraw', ['liveId', 'amount'], money),
} as const;
