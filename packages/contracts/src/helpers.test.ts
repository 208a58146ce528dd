import { describe, expect, it } from 'vitest';
import { birthYearMonthFromId, idCheckChar, maskPhone, parseIdNumber } from './helpers.js';
import { formatMessage, langFromHeader } from './result-codes.js';

describe('maskPhone', () => {
  it('keeps the first 3 and last 4 digits', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('')).toBe('');
    expect(maskPhone('12345')).toBe('12345');
  });
});

describe('birthYearMonthFromId', () => {
  it('reads positions 7-12 of an 18-digit number', () => {
    expect(birthYearMonthFromId('11010519491231002X')).toBe('1949-12');
  });
  it('reads a 15-digit legacy number as 19YY', () => {
    expect(birthYearMonthFromId('110105491231002')).toBe('1949-12');
  });
  it('rejects other shapes', () => {
    expect(birthYearMonthFromId('abc')).toBeNull();
    expect(birthYearMonthFromId('1101051949123100')).toBeNull();
  });
});

describe('catalogue', () => {
  it('formats messages in both languages', () => {
    expect(formatMessage('A0400', 'en', { detail: 'username is required' })).toBe(
      'Invalid input: username is required',
    );
    expect(formatMessage('A0211', 'zh-cn', { minutes: 15 })).toContain('15 分钟');
    expect(langFromHeader('en-US,en;q=0.9')).toBe('en');
    expect(langFromHeader(undefined)).toBe('zh-cn');
  });
});

describe('parseIdNumber (GB 11643)', () => {
  it('accepts a valid 18-digit number with X check and reads birth date and gender', () => {
    expect(parseIdNumber('11010519491231002X')).toEqual({ birthDate: '1949-12-31', gender: 'F' });
    expect(parseIdNumber('11010519491231002x')).toEqual({ birthDate: '1949-12-31', gender: 'F' });
  });
  it('reads gender from the 17th digit', () => {
    const first17 = '44030420100101001';
    expect(parseIdNumber(first17 + idCheckChar(first17))).toEqual({ birthDate: '2010-01-01', gender: 'M' });
  });
  it('refuses a wrong check character, impossible dates and future births', () => {
    expect(parseIdNumber('110105194912310021')).toBeNull();
    const feb30 = '11010520100230001';
    expect(parseIdNumber(feb30 + idCheckChar(feb30))).toBeNull();
    const future = '11010520990101001';
    expect(parseIdNumber(future + idCheckChar(future), new Date('2026-01-01'))).toBeNull();
    expect(parseIdNumber('abc')).toBeNull();
  });
  it('accepts a legacy 15-digit number', () => {
    expect(parseIdNumber('110105491231002')).toEqual({ birthDate: '1949-12-31', gender: 'F' });
  });
});
