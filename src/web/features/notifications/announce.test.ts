import { describe, expect, it } from 'vitest';
import { isPageOnScreen } from '../../components/notification-toast/notification-toast';
import { announceNotification, announceNotifications, wasAnnounced } from './announce';
import { isOrderOnScreen, showOrderOnScreen } from './orders-on-screen';

const notice = (id: string, orderId: string | null) => ({
  id,
  title: 'Order #1043 accepted',
  body: 'The kitchen is on it.',
  orderId,
  link: orderId ? `/account/orders/${orderId}` : null,
});

describe('toasts and the page on screen', () => {
  it('leaves an order’s notifications to the page that shows it live, and toasts them elsewhere', () => {
    const release = showOrderOnScreen('order-a');
    expect(isOrderOnScreen('order-a')).toBe(true);
    expect(announceNotification(notice('n1', 'order-a'))).toBe(false);
    // Taken by the page: it is not toasted later either, once the page is left.
    expect(wasAnnounced('n1')).toBe(true);
    expect(announceNotification(notice('n2', 'order-b'))).toBe(true);
    expect(announceNotification(notice('n3', null))).toBe(true);
    release();
    release();
    expect(isOrderOnScreen('order-a')).toBe(false);
    expect(announceNotification(notice('n1', 'order-a'))).toBe(false);
    expect(announceNotification(notice('n4', 'order-a'))).toBe(true);
  });

  it('counts two views of one order separately', () => {
    const first = showOrderOnScreen('order-c');
    const second = showOrderOnScreen('order-c');
    first();
    expect(isOrderOnScreen('order-c')).toBe(true);
    second();
    expect(isOrderOnScreen('order-c')).toBe(false);
  });

  it('does not count the page’s own notifications towards the summary toast', () => {
    const release = showOrderOnScreen('order-d');
    const toasted = announceNotifications([
      notice('m1', 'order-d'),
      notice('m2', 'order-d'),
      notice('m3', 'order-e'),
      notice('m4', 'order-d'),
    ]);
    expect(toasted).toBe(1);
    expect(['m1', 'm2', 'm3', 'm4'].every(wasAnnounced)).toBe(true);
    release();
  });

  it('knows a link to the page on screen, whatever its query, hash or final slash', () => {
    expect(isPageOnScreen('/account/orders/a', '/account/orders/a')).toBe(true);
    expect(isPageOnScreen('/account/orders/a?from=toast#top', '/account/orders/a/')).toBe(true);
    expect(isPageOnScreen('/account/orders/a', '/account/orders/b')).toBe(false);
    expect(isPageOnScreen('/account/orders/a', '/account/orders')).toBe(false);
    expect(isPageOnScreen('/orders/a', null)).toBe(false);
  });
});
