import { describe, expect, it } from 'vitest';
import { apiResource, changedFields, updateBody } from '../../src/providers/dataProvider';
import { messagesText } from '../../src/providers/http';

describe('dataProvider helpers', () => {
  it('drops the admin/ route prefix for the API', () => {
    expect(apiResource('admin/banner-notifications')).toBe('banner-notifications');
    expect(apiResource('salesorganisations')).toBe('salesorganisations');
  });

  it('PUT sends only the fields that changed', () => {
    const previous = { id: 1, title: 'A', salesOrgs: [1, 2], level: 'info' };
    expect(changedFields({ ...previous, title: 'B' }, previous)).toEqual({ title: 'B' });
    expect(changedFields({ ...previous, salesOrgs: [2] }, previous)).toEqual({ salesOrgs: [2] });
    expect(changedFields(previous, previous)).toEqual({});
    expect(changedFields({ title: 'x' }, undefined)).toEqual({ title: 'x' });
  });

  it('PUT names the version the record was read with, changed or not', () => {
    const previous = { id: 1, name: 'Werk A', version: 4 };
    expect(updateBody({ ...previous, name: 'Werk B' }, previous)).toEqual({ name: 'Werk B', version: 4 });
    expect(updateBody({ ...previous, name: 'Werk B', version: 9 }, previous)).toEqual({ name: 'Werk B', version: 4 });
    expect(updateBody({ title: 'x' }, { title: 'y' })).toEqual({ title: 'x' });
  });

  it('joins the server messages into one text', () => {
    expect(messagesText({ status: 400, messages: [{ type: 'error', text: 'A' }, { type: 'error', text: 'B' }] })).toBe('A\nB');
    expect(messagesText({})).toBeUndefined();
    expect(messagesText('plain')).toBeUndefined();
  });
});
