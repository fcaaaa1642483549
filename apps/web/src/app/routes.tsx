import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { lazyPage } from './lazyPage';
import { ErrorBoundary } from './ErrorBoundary';
import { LoadingScreen } from './LoadingScreen';
import { LANDING_SLUGS } from '../content/landingSlugs';
import { COMPANY_SLUGS } from '../content/companySlugs';

const Home = lazyPage(() => import('../pages/HomePage'));
const Convert = lazyPage(() => import('../pages/ConvertPage'));
const Dashboard = lazyPage(() => import('../pages/DashboardPage'));
const Admin = lazyPage(() => import('../pages/AdminPage'));
const Tutorials = lazyPage(() => import('../pages/TutorialsPage'));
const HowTo = lazyPage(() => import('../pages/HowToPage'));
const BatchGuide = lazyPage(() => import('../pages/BatchGuidePage'));
const Pricing = lazyPage(() => import('../pages/PricingPage'));
const Developer = lazyPage(() => import('../pages/DeveloperPage'));
const Blog = lazyPage(() => import('../pages/BlogPage'));
const BlogPost = lazyPage(() => import('../pages/BlogPostPage'));
const Account = lazyPage(() => import('../pages/AccountPage'));
const CloudStorage = lazyPage(() => import('../pages/CloudStoragePage'));
const Batch = lazyPage(() => import('../pages/BatchPage'));
const Analytics = lazyPage(() => import('../pages/AnalyticsPage'));
const Company = lazyPage(() => import('../pages/CompanyPage'));
const Landing = lazyPage(() => import('../pages/LandingPage'));
const Compare = lazyPage(() => import('../pages/ComparePage'));
const CollectEmail = lazyPage(() => import('../pages/CollectEmailPage'));
const VerifyPaymentEmail = lazyPage(() => import('../pages/VerifyPaymentEmailPage'));
const PaymentSuccess = lazyPage(() => import('../pages/PaymentSuccessPage'));
const TestPage = lazyPage(() => import('../pages/TestPage'));
const VerifyEmail = lazyPage(() => import('../pages/VerifyEmailPage'));
const ResetPassword = lazyPage(() => import('../pages/ResetPasswordPage'));
const TeamAccept = lazyPage(() => import('../pages/TeamAcceptPage'));

export function AppRoutes() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/convert" element={<Convert />} />
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/admin" element={<Admin />} />
          <Route path="/tutorials" element={<Tutorials />} />
          <Route path="/how-to-convert" element={<HowTo />} />
          <Route path="/batch-vectorization-guide" element={<BatchGuide />} />
          <Route path="/pricing" element={<Pricing />} />
          <Route path="/pricing/:plan" element={<Pricing />} />
          <Route path="/developer" element={<Developer />} />
          <Route path="/blog" element={<Blog />} />
          <Route path="/blog/:slug" element={<BlogPost />} />
          <Route path="/account" element={<Account />} />
          <Route path="/cloud-storage" element={<CloudStorage />} />
          <Route path="/batch" element={<Batch />} />
          <Route path="/analytics" element={<Analytics />} />
          {COMPANY_SLUGS.map((slug) => (
            <Route key={slug} path={`/${slug}`} element={<Company />} />
          ))}
          {LANDING_SLUGS.map((slug) => (
            <Route key={slug} path={`/${slug}`} element={<Landing />} />
          ))}
          <Route path="/compare" element={<Compare />} />
          <Route path="/compare/:slug" element={<Compare />} />
          <Route path="/payment/collect-email" element={<CollectEmail />} />
          <Route path="/verify-payment-email" element={<VerifyPaymentEmail />} />
          <Route path="/payment/success" element={<PaymentSuccess />} />
          <Route path="/test" element={<TestPage />} />
          <Route path="/verify-email" element={<VerifyEmail />} />
          <Route path="/reset-password" element={<ResetPassword />} />
          <Route path="/team/accept" element={<TeamAccept />} />
          <Route path="/features" element={<Navigate to="/" replace />} />
          <Route path="/help" element={<Navigate to="/tutorials" replace />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
