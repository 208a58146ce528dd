import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { type TagView, useTagsStore } from '../../stores/tags';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

/** Tabs of the opened pages (the dashboard is pinned), with close / close others / close all / refresh. */
export function TagsView() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const views = useTagsStore((s) => s.visitedViews);
  const store = useTagsStore.getState;

  const title = (v: TagView) =>
    v.titleKey ? t(v.titleKey) : i18n.language === 'en' ? v.titleEn || v.title : v.title || v.titleEn;

  /** Leave a closed page for the last remaining tab. */
  const leaveIfGone = () => {
    const left = store().visitedViews;
    if (left.some((v) => v.path === pathname)) return;
    navigate(left.at(-1)?.fullPath ?? '/dashboard');
  };

  const run = (action: Action, view: TagView) => {
    const s = store();
    switch (action) {
      case 'refresh':
        s.refreshView(view.path);
        if (view.path !== pathname) navigate(view.fullPath);
        return;
      case 'close':
        s.closeView(view.path);
        break;
      case 'closeOthers':
        s.closeOthers(view.path);
        if (view.path !== pathname) navigate(view.fullPath);
        break;
      case 'closeLeft':
        s.closeLeft(view.path);
        break;
      case 'closeRight':
        s.closeRight(view.path);
        break;
      case 'closeAll':
        s.closeAll();
        break;
    }
    leaveIfGone();
  };

  const menuFor = (view: TagView): MenuProps => {
    const i = views.findIndex((v) => v.path === view.path);
    return {
      items: [
        { key: 'refresh', label: t('tags.refresh') },
        { key: 'close', label: t('tags.close'), disabled: view.affix },
        { key: 'closeOthers', label: t('tags.closeOthers') },
        { key: 'closeLeft', label: t('tags.closeLeft'), disabled: i <= 0 },
        { key: 'closeRight', label: t('tags.closeRight'), disabled: i === views.length - 1 },
        { key: 'closeAll', label: t('tags.closeAll') },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        run(key as Action, view);
      },
    };
  };

  const active = views.find((v) => v.path === pathname) ?? views[0];

  return (
    <div className="admin-tags" data-testid="tags-view">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={pathname}
        onChange={(key) => {
          const view = views.find((v) => v.path === key);
          if (view) navigate(view.fullPath);
        }}
        onEdit={(key, action) => {
          const view = views.find((v) => v.path === key);
          if (action === 'remove' && view) run('close', view);
        }}
        items={views.map((v) => ({
          key: v.path,
          closable: !v.affix,
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(v)}>
              <span data-testid={`tag-${v.path}`}>{title(v)}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={
          active && (
            <Dropdown trigger={['click']} menu={menuFor(active)} placement="bottomRight">
              <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('tags.closeOthers')} />
            </Dropdown>
          )
        }
      />
    </div>
  );
}
