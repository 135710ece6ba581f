app_name = "gameplay"
urlpatterns: list = []
