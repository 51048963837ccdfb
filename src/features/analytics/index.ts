export type * from './types';
export {
  analyticsAccountsEntity,
  analyticsDailyEntity,
  analyticsPostMetricsEntity,
} from './analytics-sync';
export { CONTENT_TYPE_LABELS, METRIC_KEYS, METRIC_LABELS, platformLabel } from './analytics-labels';
export {
  buildAnalyticsView,
  engagementRateOf,
  formatChange,
  formatMetric,
  interactionsOf,
  loadAnalyticsData,
  UNKNOWN,
  type AnalyticsData,
} from './analytics-model';
export {
  addDays,
  customRangeError,
  daysOf,
  formatDay,
  formatPeriod,
  isRangeKey,
  MAX_CUSTOM_DAYS,
  periodsFor,
  RANGE_KEYS,
  RANGE_LABELS,
  rangeLabel,
  todayIn,
} from './period';
export { analyticsInsights, MIN_GROUP_POSTS, MIN_POSTS } from './insights';
export { sampleAnalytics, SAMPLE_POST_COUNT } from './sample-analytics';
export {
  analyticsReport,
  csvCell,
  downloadText,
  exportFileName,
  formatZoned,
  postsCsv,
  POSTS_CSV_HEADER,
} from './export';
export { readAnalyticsView, useAnalytics } from './use-analytics';
export { REFRESH_TEXTS, useRefreshMetrics } from './use-refresh-metrics';
export { APPLY_TEXTS, useApplyRecommendations, windowForHour } from './apply-recommendations';
