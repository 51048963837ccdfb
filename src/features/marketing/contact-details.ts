export const CONTACT_EMAIL = 'hello@postbloom.app';
export const BUSINESS_HOURS = 'Monday to Friday 9:00 to 18:00 Pacific time';
export const REPLY_TIME = 'within 24 hours';
