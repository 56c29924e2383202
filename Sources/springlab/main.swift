print("springlab")
