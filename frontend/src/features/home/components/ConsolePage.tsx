import { useTranslation } from 'react-i18next';
import { BoardSettingsCard } from './BoardSettingsCard';
import { ConnectionCard } from './ConnectionCard';
import { UserCard } from './UserCard';

export function ConsolePage() {
  const { t } = useTranslation('home');
  return (
    <div className="page console-page">
      <header className="page-header">
        <h1>{t('console.title')}</h1>
        <p className="muted">{t('console.subtitle')}</p>
      </header>
      <div className="console-grid">
        <UserCard />
        <ConnectionCard />
        <BoardSettingsCard />
      </div>
    </div>
  );
}
