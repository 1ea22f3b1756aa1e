import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '../i18n/localeChoice';

/**
 * Yuan in the viewer's locale ("¥1.50", "CN¥1.50"), from the decimal string as it is:
 * Intl.NumberFormat reads a numeric string exactly, so no amount passes through a float.
 */
export function useYuanFormat(): (amount: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(intlLocaleOf(i18n.language), { style: 'currency', currency: 'CNY', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return (amount: string) => format.format(amount as `${number}`);
  }, [i18n.language]);
}
